// Imported first by page.js (ES modules run their imports in order, and esbuild keeps that
// order): the WalletConnect clients read `process.env.IS_VITEST` and, when it is "true", skip the
// hosted Verify iframe, which otherwise costs a 5 s timeout per request here.
// page.js uses the export: package.json marks demo files side-effect free, so esbuild would drop
// a bare `import './browser-env.js'`.
globalThis.process ??= { env: {} }
globalThis.process.env ??= {}
globalThis.process.env.IS_VITEST = 'true'

export const testEnvironment = globalThis.process.env.IS_VITEST === 'true'
