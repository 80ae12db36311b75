// The CDN build's import aliases: React-world imports become Preact ones. Used by build.mjs for
// dist/cdn/ and by bench/ to build its Preact pages from the same source the same way.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * CDN build: what each React-world import becomes. Matched exactly (a plugin, not esbuild's
 * prefix-matching `alias`), so a new subpath such as `react-dom/server` fails the build with
 * a clear message instead of resolving to something surprising.
 */
export const CDN_ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  // Only createRoot is used; see the module for why it is not preact/compat/client.
  'react-dom/client': './build/preact-root.js',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  '@preact/signals-react': '@preact/signals',
  '@preact/signals-react/utils': '@preact/signals/utils',
  // Preact tracks signals itself; see the module for why a no-op is correct.
  '@preact/signals-react/runtime': './build/noop-use-signals.js',
}

/** The React-DOM-only rehearsal of the first open (src/ui/modal/rehearse.tsx) becomes a no-op. */
const REHEARSAL_IMPORTER = /[\\/]src[\\/]ui[\\/]modal[\\/][^\\/]+$/
const NO_REHEARSAL = './build/no-rehearsal.js'

/** Stitches gets only the three React functions it uses; see the module for why. */
const STITCHES_DIR = /node_modules[\\/]@stitches[\\/]react[\\/]/
const STITCHES_REACT = './build/stitches-react.js'

/** @type {import('esbuild').Plugin} */
export const cdnAliasPlugin = {
  name: 'sigkit-cdn-aliases',
  setup(build) {
    build.onResolve({ filter: /^\.\/rehearse$/ }, (args) =>
      REHEARSAL_IMPORTER.test(args.importer) ? { path: join(root, NO_REHEARSAL) } : undefined,
    )
    build.onResolve({ filter: /^(react|react-dom|@preact\/signals-react)(\/.*)?$/ }, async (args) => {
      const target = args.path === 'react' && STITCHES_DIR.test(args.importer) ? STITCHES_REACT : CDN_ALIASES[args.path]
      if (!target) {
        return {
          errors: [{ text: `No CDN alias for "${args.path}": add one to CDN_ALIASES in build/cdn-aliases.mjs` }],
        }
      }
      if (target.startsWith('./')) return { path: join(root, target) }
      const resolved = await build.resolve(target, { kind: args.kind, resolveDir: root })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      // The whole answer, as another plugin may have made the target external (build/chunk-plan.mjs).
      const { path, external, namespace, sideEffects, pluginData } = resolved
      return { path, external, namespace, sideEffects, pluginData }
    })
  },
}
