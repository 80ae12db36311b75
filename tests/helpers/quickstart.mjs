// @ts-check
// Reown AppKit's React + wagmi quickstart moved to SigKit (tests/fixtures/appkit-quickstart), made
// the way a new user makes it: SigKit packed with `npm pack` (its prepack builds everything) from
// a clean copy of the source, then installed into a fresh app beside what AppKit's docs list
// (`wagmi viem @tanstack/react-query`, with `react react-dom`), nothing else; type-checked
// strictly; built with Vite and with webpack, neither told anything about SigKit.
//
// The app lives outside this checkout (in the OS temp folder), so nothing resolves from the
// project's own node_modules. A run whose tarball is byte for byte the last one's reuses the
// installed app and its builds (ready.json).
//
//   const app = await prepareQuickstart()   // { dir, viteDist, webpackDist }
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const FIXTURE = join(root, 'tests', 'fixtures', 'appkit-quickstart')

/** What `npm pack` needs from the checkout to build and pack SigKit: the source, not dist/. */
const PACK_SOURCES = ['src', 'build', 'build.mjs', 'package.json', 'tsconfig.json', 'tsconfig.types.json', 'README.md']

/** The dapp's dependencies: AppKit's docs' install line without AppKit, and React. */
export const APP_DEPENDENCIES = ['wagmi', 'viem', '@tanstack/react-query', 'react', 'react-dom']

/** The app's build tools, at the versions this checkout has (so npm's cache has them). */
const APP_TOOLS = ['typescript', 'vite', 'webpack', 'ts-loader', '@types/react', '@types/react-dom']

/** This checkout's quickstart folder (one per checkout, outside it). */
export function quickstartDir() {
  const id = createHash('sha256').update(root).digest('hex').slice(0, 8)
  return join(tmpdir(), `sigkit-quickstart-${id}`)
}

/**
 * Runs a command, its output captured; rejects with the output when it fails.
 * @param {string} command @param {string[]} args @param {string} cwd
 * @returns {Promise<string>}
 */
export function runIn(cwd, command, args) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' }
    // The copy's build takes its own lock; the test run's does not cover it.
    delete env.SIGKIT_LOCK_HELD
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(output)
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}) in ${cwd}:\n${output.slice(-4000)}`))
    })
  })
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/**
 * `npm pack` in a clean copy of the source: its prepack builds dist/ (declarations included).
 * @param {string} into the folder the copy and the tarball go to
 * @returns {Promise<{ tarball: string, files: string[] }>}
 */
export async function packSigKit(into) {
  const source = join(into, 'source')
  rmSync(source, { recursive: true, force: true })
  mkdirSync(source, { recursive: true })
  for (const item of PACK_SOURCES) cpSync(join(root, item), join(source, item), { recursive: true })
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir')
  const output = await runIn(source, npm, ['pack', '--json', '--pack-destination', into])
  const [packed] = JSON.parse(output.slice(output.indexOf('[')))
  return {
    tarball: join(into, packed.filename),
    files: packed.files.map((/** @type {{ path: string }} */ file) => file.path),
  }
}

/**
 * A fresh app from the fixture with SigKit installed from `tarball`, as `npm install <sigkit>
 * wagmi viem @tanstack/react-query react react-dom` installs it (the build tools are the app's
 * devDependencies, as a Vite or webpack template has them).
 * @param {string} dir @param {string} tarball
 */
export async function installApp(dir, tarball) {
  rmSync(dir, { recursive: true, force: true })
  cpSync(FIXTURE, dir, { recursive: true })
  const version = (/** @type {string} */ name) =>
    JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version
  const devDependencies = Object.fromEntries(APP_TOOLS.map((name) => [name, version(name)]))
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'appkit-quickstart', private: true, type: 'module', devDependencies }, null, 2)}\n`,
  )
  await runIn(dir, npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...APP_DEPENDENCIES])
}

/** `tsc` with the app's strict tsconfig (the declarations SigKit ships, used as a dapp uses them). */
export const typecheckApp = (/** @type {string} */ dir) =>
  runIn(dir, process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', '.'])

/** `vite build` with no config file: dist-vite/. */
export const viteBuild = (/** @type {string} */ dir) =>
  runIn(dir, process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', 'dist-vite'])

/** webpack with the app's webpack.config.js (a TypeScript loader, nothing else): dist-webpack/. */
export async function webpackBuild(/** @type {string} */ dir) {
  const script = `
    import webpack from ${JSON.stringify(join(dir, 'node_modules/webpack/lib/index.js'))}
    import config from ${JSON.stringify(join(dir, 'webpack.config.js'))}
    webpack(config, (error, stats) => {
      if (error || stats.hasErrors()) {
        console.error(error ?? stats.toString({ all: false, errors: true }))
        process.exit(1)
      }
    })`
  const output = await runIn(dir, process.execPath, ['--input-type=module', '-e', script])
  // The page: the fixture's, with the bundle for the module script.
  const html = readFileSync(join(dir, 'index.html'), 'utf8').replace(
    /<script type="module" src="\/src\/main.tsx"><\/script>/,
    '<script defer src="/main.js"></script>',
  )
  writeFileSync(join(dir, 'dist-webpack', 'index.html'), html)
  return output
}

/**
 * The quickstart packed, installed, type-checked and built, reusing the last run's app when the
 * tarball is unchanged.
 * @returns {Promise<{ dir: string, viteDist: string, webpackDist: string }>}
 */
export async function prepareQuickstart() {
  const base = quickstartDir()
  const dir = join(base, 'app')
  mkdirSync(base, { recursive: true })
  const { tarball } = await packSigKit(base)
  const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex')
  const readyFile = join(base, 'ready.json')
  if (readyHash() !== hash) {
    rmSync(readyFile, { force: true })
    await installApp(dir, tarball)
    await typecheckApp(dir)
    await viteBuild(dir)
    await webpackBuild(dir)
    markQuickstartReady(tarball)
  }
  return { dir, viteDist: join(dir, 'dist-vite'), webpackDist: join(dir, 'dist-webpack') }
}

/**
 * Records that the app was built from `tarball`, so prepareQuickstart() reuses it.
 * @param {string} tarball
 */
export function markQuickstartReady(tarball) {
  const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex')
  writeFileSync(join(quickstartDir(), 'ready.json'), JSON.stringify({ hash }))
}

/** The tarball hash the current app was built from, if any. */
function readyHash() {
  try {
    return JSON.parse(readFileSync(join(quickstartDir(), 'ready.json'), 'utf8')).hash
  } catch {
    return undefined
  }
}
