#!/usr/bin/env node
// SigKit benchmarks in headless Chromium: `npm run bench` (full, a few minutes) or
// `npm run bench -- --quick` (small N, one iteration: proves the bench still runs).
//
//   balance   the real Account token list (signals) vs a store-subscription list (bench/balance.mjs)
//   wallets   the real All Wallets view vs a plain grid, 600 and 5000 wallets (bench/wallets.mjs)
//   modal     click → Connect view painted, cold and warm, 1x and 6x CPU; on a page idle for 1 s,
//             then WalletConnect → QR code; on slow 4G with 4x CPU; JS request waterfall depth of
//             the page load and the first open; both builds (bench/modal.mjs)
//   activity  the real Activity list scrolled through 100 and 1000 transactions: frames, and a DOM
//             that does not grow with the list (bench/activity.mjs)
//   swap      appKit.open({ view: 'Swap' }) → the Swap form painted, cold and warm, with a test
//             wallet connected; 1x (and 6x in full runs); both builds (bench/swap.mjs)
//   leaks     the modal opened and closed 200 times, the test wallet connected and disconnected 50
//             times: JS heap, DOM nodes and listeners before and after, against a plain <dialog>
//             page (bench/leaks.mjs)
//   soak      two minutes of signing and balance reads with faults injected (20 % of API and RPC
//             requests failing, the relay dropped every 10 s), beside the same run without
//             faults (bench/soak.mjs). Only when asked for (`--only=soak`, `npm run bench:soak`):
//             it takes over four minutes, and never in quick runs.
//
// Options: --quick, --only=balance,wallets,modal,activity,swap,leaks,soak, --no-build (use dist/ as it is), --readme
// (write the tables into bench/README.md; full runs only), --duration=<s> (each soak run's length, 120 by default).
// Full runs write bench/results/latest.json, quick runs bench/results/quick.json, soak-only runs
// bench/results/soak.json. Numbers never
// fail the run; it exits non-zero only when a bench could not run.
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/helpers/chromium.mjs'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startApiEmulator } from '../demo/sandbox/api.mjs'
import { startRelay } from '../demo/sandbox/relay.mjs'
import { benchActivity } from './activity.mjs'
import { benchBalance } from './balance.mjs'
import { benchLeaks } from './leaks.mjs'
import { startPageServer } from './lib/server.mjs'
import { benchModal } from './modal.mjs'
import { judgeTargets, markdown } from './report.mjs'
import { benchSoak } from './soak.mjs'
import { benchSwap } from './swap.mjs'
import { benchWalletList, startWalletEmulators } from './wallets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const BENCHES = ['balance', 'wallets', 'modal', 'activity', 'swap', 'leaks', 'soak']
/** What a run without --only runs: all but the soak, which takes minutes of its own. */
const DEFAULT_BENCHES = BENCHES.filter((name) => name !== 'soak')
const README_START = '<!-- bench:start (written by `npm run bench -- --readme`) -->'
const README_END = '<!-- bench:end -->'

function parseArgs(argv) {
  const options = { quick: false, build: true, readme: false, only: DEFAULT_BENCHES, duration: undefined }
  for (const arg of argv) {
    if (arg === '--quick') options.quick = true
    else if (arg === '--no-build') options.build = false
    else if (arg === '--readme') options.readme = true
    else if (arg.startsWith('--only=')) options.only = arg.slice('--only='.length).split(',')
    else if (arg.startsWith('--duration=')) {
      options.duration = Number(arg.slice('--duration='.length))
      if (!(options.duration > 0)) throw new Error(`--duration takes a number of seconds, not ${arg}`)
    } else
      throw new Error(
        `Unknown option ${arg}. Usage: node bench/run.mjs [--quick] [--only=${BENCHES.join(',')}] [--no-build] [--readme] [--duration=<s>]`,
      )
  }
  const unknown = options.only.filter((name) => !BENCHES.includes(name))
  if (unknown.length) throw new Error(`Unknown bench ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`)
  if (options.quick && options.only.includes('soak'))
    throw new Error('The soak is not a quick case: run it with --only=soak (and --duration=<s> for a shorter run)')
  if (options.readme && options.quick)
    throw new Error('--readme takes a full run: quick numbers are not the ones to publish')
  return options
}

/** Build (when asked), copy dist/ and bundle the pages into `runDir`, under the run lock (see bench/lib/pages.mjs). */
function prepare(runDir, build) {
  return new Promise((resolve, reject) => {
    const args = ['bench/lib/pages.mjs', runDir, ...(build ? ['--build'] : [])]
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/lib/pages.mjs exited with ${code}`))))
  })
}

const runStarted = Date.now()
const log = (line) => console.log(`${line}  (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`)

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const started = Date.now()
  if (!options.build && (!existsSync(join(root, 'dist/cdn/sigkit.js')) || !existsSync(join(root, 'dist/react.js')))) {
    throw new Error('dist/ is missing: run `node build.mjs --no-types` (or drop --no-build)')
  }
  // A folder of its own: a run started meanwhile (npm test runs the quick bench) leaves it alone.
  await removeStaleRuns()
  const runDir = join(root, '.tmp', 'bench', `run-${process.pid}`)
  try {
    await prepare(runDir, options.build)
    await runBenches(options, runDir, started)
  } finally {
    await rm(runDir, { recursive: true, force: true })
  }
}

async function runBenches(options, runDir, started) {
  const pagesDir = join(runDir, 'pages')
  const distDir = join(runDir, 'dist')
  const server = await startPageServer({ distDir, pagesDir })
  const walletSizes = options.quick ? [600] : [600, 5000]
  const emulators = options.only.includes('wallets') ? await startWalletEmulators(walletSizes) : {}
  const modalEmulator = ['modal', 'leaks'].some((name) => options.only.includes(name))
    ? await startApiEmulator()
    : undefined
  // The QR code's pairing needs a WalletConnect relay: the sandbox's, on 127.0.0.1.
  const relay = ['modal', 'leaks'].some((name) => options.only.includes(name)) ? await startRelay() : undefined
  // Swap: an emulator of its own, with the swaps feature on (the modal's has it off, as by default).
  const swapEmulator = options.only.includes('swap')
    ? await startApiEmulator({ features: { swaps: { isEnabled: true, config: ['1inch'] } } })
    : undefined
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS })
  const context = {
    browser,
    server,
    distDir,
    pagesDir,
    quick: options.quick,
    log,
    measureScript: join(pagesDir, 'measure-global.js'),
  }
  const results = {
    version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    mode: options.quick ? 'quick' : 'full',
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      chromium: browser.version(),
      node: process.version,
      iterations: options.quick
        ? '1 iteration'
        : 'balance 21 updates, wallets 3 page loads × 3 searches, modal 7 page loads, swap 7 page loads',
    },
  }
  try {
    log(`SigKit bench (${results.mode}): ${options.only.join(', ')}`)
    if (options.only.includes('balance')) results.balance = await benchBalance(context)
    if (options.only.includes('wallets')) results.wallets = await benchWalletList({ ...context, emulators })
    if (options.only.includes('modal')) results.modal = await benchModal({ ...context, emulator: modalEmulator, relay })
    if (options.only.includes('activity')) results.activity = await benchActivity(context)
    if (options.only.includes('swap')) results.swap = await benchSwap({ ...context, emulator: swapEmulator })
    if (options.only.includes('leaks')) results.leaks = await benchLeaks({ ...context, emulator: modalEmulator, relay })
    if (options.only.includes('soak')) results.soak = await benchSoak({ ...context, duration: options.duration })
  } finally {
    await browser.close()
    await server.close()
    await Promise.all(
      [...Object.values(emulators), modalEmulator, swapEmulator, relay]
        .filter(Boolean)
        .map((service) => service.stop()),
    )
  }
  results.targets = judgeTargets(results)
  results.seconds = Math.round((Date.now() - started) / 100) / 10

  // A soak-only run keeps its own file, so it does not replace a full run's figures.
  const soakOnly = options.only.length === 1 && options.only[0] === 'soak'
  const file = join(root, 'bench/results', options.quick ? 'quick.json' : soakOnly ? 'soak.json' : 'latest.json')
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(results, null, 2) + '\n')
  const text = markdown(results)
  console.log(`\n${text}\n\nWritten to ${file.slice(root.length + 1)} in ${results.seconds} s.`)
  if (options.readme) await updateReadme(text)
}

/** Deletes the folders of runs whose process is gone (ended by Ctrl+C before cleaning up). */
async function removeStaleRuns() {
  const dir = join(root, '.tmp', 'bench')
  const alive = (pid) => {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return error.code === 'EPERM'
    }
  }
  const entries = existsSync(dir) ? readdirSync(dir) : []
  for (const name of entries) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1])
    if (pid && !alive(pid)) await rm(join(dir, name), { recursive: true, force: true })
  }
}

/** Replaces what is between the README's bench markers with the tables of this run. */
async function updateReadme(text) {
  const path = join(root, 'bench', 'README.md')
  const readme = readFileSync(path, 'utf8')
  const start = readme.indexOf(README_START)
  const end = readme.indexOf(README_END)
  if (start < 0 || end < start) throw new Error(`bench/README.md has no ${README_START} … ${README_END} section`)
  await writeFile(path, `${readme.slice(0, start + README_START.length)}\n${text}\n${readme.slice(end)}`)
  console.log('bench/README.md: tables updated')
}

try {
  await main()
} catch (error) {
  console.error(error?.stack ?? error)
  process.exitCode = 1
}
