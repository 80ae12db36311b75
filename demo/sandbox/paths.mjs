// Where the repository lives. Sandbox modules are also bundled by esbuild into .tmp/ for the
// integration tests, so `import.meta.url` is not a fixed distance from the root: walk up to
// SigKit's package.json instead of counting '..'.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** @returns {string} the folder holding SigKit's package.json */
function findRepoRoot() {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(folder, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'sigkit') return folder
    const parent = dirname(folder)
    if (parent === folder) return process.cwd()
    folder = parent
  }
}

export const repoRoot = findRepoRoot()
export const sandboxDir = join(repoRoot, 'demo', 'sandbox')
export const contractsDir = join(sandboxDir, 'contracts')
