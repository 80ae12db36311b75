#!/usr/bin/env node
// SigKit test runner: `npm test` runs every suite; `npm test -- unit build e2e size` picks some,
// and any other argument keeps the unit and integration files whose path contains it
// (`npm test -- unit walletconnect`).
//
//   unit   tests/unit/**/*.test.ts(x): each file bundled by esbuild into .tmp/unit/ and run with
//          uvu in its own Node process (happy-dom globals registered by one file cannot leak
//          into the next), two at a time.
//   integration  tests/integration/**/*.test.ts(x): the same way, against the real sandbox
//          (anvil chains, API emulator, test wallet) each file starts for itself. With CI set, a
//          failed file runs once more; one that then passes is named after the summary.
//   build  `node build.mjs --no-types` (1 test), declarations (`build.mjs --types-only`),
//          `tsc -p tsconfig.json --noEmit` (src), `tsc -p tsconfig.test.json --noEmit` (tests/
//          with the same strict settings, and the demo JS they import, typed by its JSDoc) and
//          `prettier --check .` (1 test each), then tests/build/*.test.mjs (uvu, plain JS, against
//          dist/ and the metafiles).
//   e2e    Playwright in Debian's Chromium (tests/e2e/, playwright.config.mjs). With CI set, a failed
//          test runs once more; one that then passes counts as passed and is named after the summary.
//   size   size-limit.json budgets, one test per check with a limit.
//   bench  `node bench/run.mjs --quick` once (1 test): it passes when the benchmarks run to the end
//          and write valid figures to bench/results/quick.json; a number never fails it.
//
// integration, e2e, size and bench need dist/: they run the bundle build first when it has not run yet.
// The last line is always `N passed, N failed` (plus `, N skipped` when any), summed over every
// suite, and the exit code is non-zero on any failure.

import * as esbuild from 'esbuild'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { cpus } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cssTextPlugin } from '../build/css-text.mjs'
import { localeTextsPlugin } from '../build/locale-texts.mjs'
import { acquireRunLock } from '../build/lock.mjs'
import { chromiumPath } from './helpers/chromium.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const SUITES = ['unit', 'integration', 'build', 'e2e', 'size', 'bench']
const FILE_TIMEOUT_MS = 60_000
// The whole Playwright run (about 13 min for 95 tests on a quiet 2-core VM; the limit leaves room
// for a slower or busier machine).
const PLAYWRIGHT_TIMEOUT_MS = 1_800_000
const BENCH_TIMEOUT_MS = 180_000

const totals = { passed: 0, failed: 0, skipped: 0 }
/** Substrings a uvu test file's path must contain (`npm test -- unit connect`); none: every file. */
let fileFilters = []
const summary = []
// What failed, by name, printed again after the summary: a CI log is often read from its tail.
const failures = []
const noteFailure = (suite, what) => failures.push(`  ${suite.padEnd(11)} ${what}`)
// Tests (e2e) and files (integration) that failed, then passed on their retry (CI only): counted
// as passed, named after the summary.
const flakyTests = []
const noteFlaky = (suite, what) => flakyTests.push(`  ${suite.padEnd(11)} ${what}`)

function record(suite, { passed = 0, failed = 0, skipped = 0 }, note = '') {
  totals.passed += passed
  totals.failed += failed
  totals.skipped += skipped
  const named = failures.some((line) => line.trimStart().startsWith(`${suite} `))
  if (failed > 0 && !named) noteFailure(suite, note || 'see its output above')
  summary.push(
    `  ${suite.padEnd(11)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${note ? `  (${note})` : ''}`,
  )
}

function heading(text) {
  console.log(`\n── ${text} ${'─'.repeat(Math.max(0, 70 - text.length))}`)
}

const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*m/g, '')

/** Children run in their own process group (so a timeout can end e.g. a web server too). */
const children = new Set()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) killGroup(child)
    process.exit(130)
  })
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
}

/**
 * Run a command. Output is streamed unless `capture`; either way it is returned.
 * @returns {Promise<{ code: number, output: string, timedOut: boolean }>}
 */
function run(command, args, { cwd = root, env = {}, capture = false, timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    })
    children.add(child)
    let output = ''
    let timedOut = false
    const onData = (stream) => (chunk) => {
      output += chunk
      if (!capture) stream.write(chunk)
    }
    child.stdout.on('data', onData(process.stdout))
    child.stderr.on('data', onData(process.stderr))
    const timer =
      timeoutMs &&
      setTimeout(() => {
        timedOut = true
        killGroup(child)
      }, timeoutMs)
    child.on('close', (code, signal) => {
      children.delete(child)
      if (timer) clearTimeout(timer)
      resolve({ code: code ?? (signal ? 1 : 0), output, timedOut })
    })
  })
}

/** Run `worker` over `items`, at most `limit` at a time, results in input order. */
async function pool(items, limit, worker) {
  const results = new Array(items.length)
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await worker(items[index], index)
    }
  })
  await Promise.all(lanes)
  return results
}

/** Counts from uvu's closing lines (`Total:`, `Passed:`, `Skipped:`) and its exit code. */
function parseUvu(output, code, timedOut, timeoutMs = FILE_TIMEOUT_MS) {
  const text = stripAnsi(output)
  const number = (label) => {
    const match = text.match(new RegExp(`${label}:\\s+(\\d+)`))
    return match ? Number(match[1]) : undefined
  }
  const total = number('Total')
  const passed = number('Passed')
  const skipped = number('Skipped') ?? 0
  if (timedOut) return { passed: passed ?? 0, failed: 1, skipped, problem: `timed out after ${timeoutMs / 1000} s` }
  if (total === undefined || passed === undefined) {
    return { passed: 0, failed: 1, skipped: 0, problem: `crashed before reporting (exit code ${code})` }
  }
  const failed = total - passed
  if (failed === 0 && code !== 0)
    return { passed, failed: 1, skipped, problem: `all tests passed but exit code was ${code}` }
  if (total === 0 && skipped === 0)
    return { passed: 0, failed: 1, skipped: 0, problem: 'no tests ran (missing .run()?)' }
  return { passed, failed, skipped, problem: failed > 0 ? `${failed} failed` : '' }
}

/**
 * A file's time limit: FILE_TIMEOUT_MS, or what its header says with `@file-timeout <n> s` (for a
 * file that installs and builds an app).
 */
function fileTimeout(file) {
  const declared = readFileSync(file, 'utf8')
    .slice(0, 2000)
    .match(/@file-timeout (\d+) s/)
  return declared ? Number(declared[1]) * 1000 : FILE_TIMEOUT_MS
}

/** Names of the failed tests in a uvu report (its `FAIL  "…"` lines). */
const failedTestsOf = (output) => [...stripAnsi(output).matchAll(/^\s*FAIL\s+(.+?)\s*$/gm)].map((match) => match[1])

/**
 * Run uvu test files, each in its own process; print each file's report; return counts. With
 * `retryInCI` and CI set, a failed file runs once more (it starts its own sandbox, so a second run
 * is clean); one that then passes counts as passed and is named after the summary.
 */
async function runUvuFiles(files, label, suite, { retryInCI = false } = {}) {
  const runFile = async (file) => {
    const started = Date.now()
    const args = ['--enable-source-maps', '--import', join(root, 'tests/helpers/uvu-hooks.mjs'), file]
    const timeoutMs = fileTimeout(file)
    const { code, output, timedOut } = await run(process.execPath, args, {
      capture: true,
      timeoutMs,
      env: { NODE_ENV: 'test' },
    })
    return { file, output, ms: Date.now() - started, ...parseUvu(output, code, timedOut, timeoutMs) }
  }
  const results = await pool(files, Math.max(1, cpus().length), async (file) => {
    const first = await runFile(file)
    if (!first.failed || !retryInCI || !process.env.CI) return first
    const second = await runFile(file)
    return second.failed ? second : { ...second, firstFailure: first }
  })
  const counts = { passed: 0, failed: 0, skipped: 0 }
  for (const result of results) {
    counts.passed += result.passed
    counts.failed += result.failed
    counts.skipped += result.skipped
    const name = relative(root, result.file)
    const status = result.failed ? 'FAIL' : 'ok  '
    console.log(
      `${status} ${label(name)}  ${result.passed} passed${result.skipped ? `, ${result.skipped} skipped` : ''} (${result.ms} ms)${result.problem ? `: ${result.problem}` : ''}${result.firstFailure ? ' on its second run' : ''}`,
    )
    if (result.firstFailure) {
      const { output, problem } = result.firstFailure
      console.log(indent(`its first run failed:\n${stripAnsi(output).trim()}`))
      const tests = failedTestsOf(output)
      noteFlaky(suite, `${label(name)}: ${tests.length ? tests.join('; ') : problem}`)
    }
    if (result.failed) {
      console.log(indent(stripAnsi(result.output).trim()))
      const tests = failedTestsOf(result.output)
      noteFailure(suite, `${label(name)}: ${tests.length ? tests.join('; ') : result.problem}`)
    }
  }
  return counts
}

const indent = (text) => text.replace(/^/gm, '    ')

function listFiles(dir, pattern) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => pattern.test(name) && !name.split(/[\\/]/).includes('node_modules'))
    .sort()
    .map((name) => join(dir, name))
}

function packageVersion() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
}

// ── unit ───────────────────────────────────────────────────────────────────────────────────

const unitSuite = () => bundledUvuSuite('unit')
// The demo server test bundles the demo page against dist/, so the bundles come first.
const integrationSuite = async () => {
  // Its browser tests launch the same Chromium as e2e, resolved (and unpacked) once here.
  const chromium = findChromium()
  if (chromium) process.env.CHROMIUM_PATH = chromium
  if (!(await buildBundles())) {
    console.log('integration not run: the build failed')
    return record('integration', { failed: 1 }, 'build failed')
  }
  return bundledUvuSuite('integration')
}

// Bundles each test file of tests/<suite> with esbuild, then runs it with uvu in its own process.
async function bundledUvuSuite(suite) {
  heading(`${suite}: tests/${suite} (esbuild → .tmp/${suite}, uvu)`)
  const sources = listFiles(join(root, 'tests', suite), /\.test\.tsx?$/).filter(
    (source) => fileFilters.length === 0 || fileFilters.some((filter) => source.includes(filter)),
  )
  if (sources.length === 0) {
    console.log(`no ${suite} test files yet`)
    return record(suite, {}, 'no test files')
  }
  const outdir = join(root, '.tmp', suite)
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  // One esbuild call per file, so a file that does not compile fails alone.
  const bundles = await Promise.all(
    sources.map(async (source) => {
      const outfile = join(outdir, relative(join(root, 'tests', suite), source).replace(/\.tsx?$/, '.mjs'))
      try {
        await esbuild.build({
          absWorkingDir: root,
          entryPoints: [source],
          outfile,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          packages: 'external',
          jsx: 'automatic',
          sourcemap: 'linked',
          logLevel: 'silent',
          plugins: [cssTextPlugin, localeTextsPlugin()],
          define: { __SIGKIT_VERSION__: JSON.stringify(packageVersion()) },
        })
        return { source, outfile }
      } catch (error) {
        const messages = (error.errors ?? [error]).map((e) => e.text ?? String(e))
        return { source, error: messages.join('\n') }
      }
    }),
  )
  const broken = bundles.filter((b) => b.error)
  for (const { source, error } of broken) {
    console.log(`FAIL ${relative(root, source)}: does not bundle\n${indent(error)}`)
    noteFailure(suite, `${relative(root, source)}: does not bundle`)
  }
  const counts = await runUvuFiles(
    bundles.filter((b) => !b.error).map((b) => b.outfile),
    (name) => name.replace(/^\.tmp\//, 'tests/').replace(/\.mjs$/, ''),
    suite,
    // Integration files drive chains, a browser and timers on a busy machine; unit files must not flake.
    { retryInCI: suite === 'integration' },
  )
  counts.failed += broken.length
  record(suite, counts, `${sources.length} files`)
}

// ── build ──────────────────────────────────────────────────────────────────────────────────

let bundlesBuilt

/** `node build.mjs --no-types`, once per run; later suites reuse the result. */
function buildBundles() {
  bundlesBuilt ??= (async () => {
    heading('build: node build.mjs --no-types')
    const { code } = await run(process.execPath, ['build.mjs', '--no-types'])
    return code === 0
  })()
  return bundlesBuilt
}

async function buildSuite() {
  const counts = { passed: 0, failed: 0, skipped: 0 }
  const ok = await buildBundles()
  ok ? counts.passed++ : counts.failed++

  heading(
    'build: declarations (node build.mjs --types-only), type checks (src, tests: tsc --noEmit), format (prettier --check)',
  )
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  const prettier = join(root, 'node_modules/prettier/bin/prettier.cjs')
  const checks = await Promise.all([
    run(process.execPath, ['build.mjs', '--types-only'], { capture: true }).then((r) => ['declarations', r]),
    run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], { capture: true }).then((r) => ['type check', r]),
    run(process.execPath, [tsc, '-p', 'tsconfig.test.json', '--noEmit'], { capture: true }).then((r) => [
      'type check (tests)',
      r,
    ]),
    run(process.execPath, [prettier, '--check', '.'], { capture: true }).then((r) => [
      'format (prettier --check .)',
      r,
    ]),
  ])
  for (const [name, { code, output }] of checks) {
    code === 0 ? counts.passed++ : counts.failed++
    console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}`)
    if (code !== 0) {
      console.log(indent(output.trim()))
      noteFailure('build', name)
    }
  }

  if (!ok) {
    console.log('build tests not run: the build failed')
    counts.failed++
    return record('build', counts, 'build failed')
  }
  heading('build: tests/build (uvu)')
  const files = listFiles(join(root, 'tests/build'), /\.test\.mjs$/)
  const tested = await runUvuFiles(files, (name) => name, 'build')
  counts.passed += tested.passed
  counts.failed += tested.failed
  counts.skipped += tested.skipped
  record('build', counts)
}

// ── e2e ────────────────────────────────────────────────────────────────────────────────────

/** The Chromium for e2e, the bench and the integration tests' pages (tests/helpers/chromium.mjs). */
function findChromium() {
  try {
    return chromiumPath()
  } catch (error) {
    console.log(`${error.message}`)
    return undefined
  }
}

/**
 * The tests of a Playwright JSON report with this status ('unexpected': failed; 'flaky': failed,
 * then passed on the retry), each with its file, title and its first failure's first error line.
 */
function testsWithStatus(report, status) {
  const found = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue
        const error = test.results?.find((result) => result.error)?.error?.message ?? 'no error message'
        const lines = stripAnsi(error)
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
        // An expect's first line names only the matcher: what the page showed instead says more.
        const received = lines.find((line) => /^Received( string| value)?:/.test(line))
        const summary = [lines[0], received].filter(Boolean).join(' ')
        found.push({ title: [...path, spec.title].join(' › '), error: summary.slice(0, 300) })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.file ?? suite.title])
  return found
}

async function e2eSuite() {
  heading('e2e: Playwright (Chromium)')
  const chromium = findChromium()
  if (!chromium) return record('e2e', { failed: 1 }, 'no Chromium')
  if (!(await buildBundles())) {
    console.log('e2e not run: the build failed')
    return record('e2e', { failed: 1 }, 'build failed')
  }
  const reportFile = join(root, '.tmp/playwright/report.json')
  await rm(reportFile, { force: true })
  const cli = join(root, 'node_modules/@playwright/test/cli.js')
  const { code, timedOut } = await run(process.execPath, [cli, 'test', '--config', 'playwright.config.mjs'], {
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
    timeoutMs: PLAYWRIGHT_TIMEOUT_MS,
  })
  let report
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'))
  } catch {
    console.log(`e2e: Playwright wrote no report (exit code ${code}${timedOut ? ', timed out' : ''})`)
    return record('e2e', { failed: 1 }, 'no report')
  }
  for (const { title, error } of testsWithStatus(report, 'unexpected')) noteFailure('e2e', `${title}: ${error}`)
  for (const { title, error } of testsWithStatus(report, 'flaky')) noteFlaky('e2e', `${title}: ${error}`)
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {}
  const counts = { passed: expected + flaky, failed: unexpected, skipped }
  // Errors outside tests (config, web server, a spec that does not load) fail the suite too.
  const globalErrors = (report.errors ?? []).length
  if ((globalErrors > 0 || code !== 0 || timedOut) && counts.failed === 0) counts.failed = 1
  record('e2e', counts, flaky ? `${flaky} flaky` : '')
}

// ── size ───────────────────────────────────────────────────────────────────────────────────

async function sizeSuite() {
  heading('size: size-limit --config size-limit.json')
  if (!(await buildBundles())) {
    console.log('size not run: the build failed')
    return record('size', { failed: 1 }, 'build failed')
  }
  // From dist/.size, whose package.json names only @size-limit/file (see build.mjs): the
  // staged files are measured exactly as shipped instead of being re-bundled by
  // @size-limit/esbuild. Globs in size-limit.json resolve from the repo root.
  const { output } = await run(
    process.execPath,
    [join(root, 'node_modules/size-limit/bin.js'), '--json', '--config', join(root, 'size-limit.json')],
    { cwd: join(root, 'dist/.size'), capture: true },
  )
  let checks
  try {
    checks = JSON.parse(output.slice(output.indexOf('[')))
  } catch {
    console.log(output.trim())
    return record('size', { failed: 1 }, 'size-limit did not report')
  }
  const counts = { passed: 0, failed: 0 }
  for (const check of checks) {
    const size = `${((check.size ?? 0) / 1000).toFixed(2)} kB`
    if (check.passed === undefined) {
      console.log(`info ${check.name}: ${size} gzip`)
      continue
    }
    const empty = !check.size
    const passed = check.passed && !empty
    passed ? counts.passed++ : counts.failed++
    const limit = `${(check.sizeLimit / 1000).toFixed(2)} kB`
    const why = empty ? ': no files measured (is the staging folder empty?)' : ''
    console.log(`${passed ? 'ok  ' : 'FAIL'} ${check.name}: ${size} gzip of ${limit}${why}`)
    if (!passed) noteFailure('size', `${check.name}: ${size} gzip of ${limit}${why}`)
  }
  record('size', counts)
}

// ── bench ──────────────────────────────────────────────────────────────────────────────────

/** Why bench/results/quick.json is not a valid result of a run started at `since`, or ''. */
function benchResultProblem(since) {
  let results
  try {
    results = JSON.parse(readFileSync(join(root, 'bench/results/quick.json'), 'utf8'))
  } catch (error) {
    return `no readable bench/results/quick.json (${error.message})`
  }
  if (results.mode !== 'quick' || !(Date.parse(results.date) >= since))
    return 'bench/results/quick.json is not from this run'
  const fields = {
    balance: ['patchedMs', 'frameMs', 'renders', 'mutations'],
    wallets: ['firstRenderMs', 'keystrokePaintMs', 'searchAfterWaitMs', 'scrollFrameP95Ms', 'domNodesEnd'],
    modal: ['viewPaintedMs', 'walletsPaintedMs'],
    swap: ['formInDomMs', 'formPaintedMs', 'scriptsLoaded', 'scriptBytesLoaded'],
  }
  for (const [bench, names] of Object.entries(fields)) {
    const rows = results[bench]
    if (!Array.isArray(rows) || rows.length === 0) return `no ${bench} figures`
    for (const row of rows) {
      const bad = names.filter((name) => !Number.isFinite(row[name]))
      if (bad.length) return `${bench}: ${bad.join(', ')} not a number in ${JSON.stringify(row).slice(0, 200)}`
    }
  }
  // The modal's cases (bench/modal.mjs), each for both builds, with the figures of its own.
  const modalCases = [
    { page: 'cold', cpu: 1, fields: ['pageLoadDepth', 'openDepth'] },
    { page: 'cold', cpu: 6, fields: ['pageLoadDepth', 'openDepth'] },
    { page: 'warm', cpu: 1, fields: [] },
    { page: 'idle', cpu: 1, fields: ['qrPaintedMs'] },
    { page: 'just loaded', cpu: 4, fields: ['buttonReadyMs', 'qrPaintedMs', 'pageLoadDepth', 'openDepth'] },
    // Issue 32's pair: the first open alone in English and in Japanese.
    { page: 'first open alone', cpu: 4, fields: ['openDepth'] },
    { page: 'first open alone', cpu: 4, locale: 'ja', fields: ['openDepth'] },
  ]
  for (const build of ['cdn', 'react']) {
    for (const { page, cpu, locale = 'en', fields: names } of modalCases) {
      const row = results.modal.find(
        (item) => item.build === build && item.page === page && item.cpu === cpu && (item.locale ?? 'en') === locale,
      )
      if (!row) return `modal: no ${build} ${page} row at ${cpu}x${locale === 'en' ? '' : ` in ${locale}`}`
      const bad = names.filter((name) => !Number.isFinite(row[name]))
      if (bad.length) return `modal: ${bad.join(', ')} not a number in the ${build} ${page} row at ${cpu}x`
      const depths = names.filter((name) => name.endsWith('Depth') && !(Number.isInteger(row[name]) && row[name] >= 0))
      if (depths.length) return `modal: ${depths.join(', ')} not a whole number in the ${build} ${page} row`
    }
  }
  // Swap open (bench/swap.mjs): cold and warm at 1x for both builds; the cold open loads the
  // Swap chunk, the warm one loads nothing, and the form paints after it is in the DOM.
  for (const build of ['cdn', 'react']) {
    for (const page of ['cold', 'warm']) {
      const row = results.swap.find((item) => item.build === build && item.page === page && item.cpu === 1)
      if (!row) return `swap: no ${build} ${page} row at 1x`
      if (!(row.formPaintedMs >= row.formInDomMs && row.formInDomMs >= 0))
        return `swap: the ${build} ${page} form painted before it was in the DOM`
      if (page === 'cold' ? !(row.scriptsLoaded > 0) : row.scriptsLoaded !== 0)
        return `swap: the ${build} ${page} open loaded ${row.scriptsLoaded} scripts`
    }
  }
  // Leaks (bench/leaks.mjs): the CDN page (quick runs skip the baseline), figures before and after.
  for (const build of ['cdn']) {
    const row = results.leaks?.find((item) => item.build === build)
    if (!row) return `leaks: no ${build} row`
    const bad = ['heapBytes', 'nodes', 'listeners', 'documents', 'walletListeners'].filter(
      (name) => !Number.isFinite(row.before?.[name]) || !Number.isFinite(row.after?.[name]),
    )
    if (bad.length) return `leaks: ${bad.join(', ')} not a number in the ${build} row`
  }
  if (!Array.isArray(results.targets) || results.targets.length === 0) return 'no targets judged'
  const swapTargets = results.targets.filter((item) => item.issue === 17)
  if (swapTargets.length !== 2 || swapTargets.some((item) => !['met', 'not met'].includes(item.result)))
    return 'swap: issue 17 targets not judged for both builds'
  return ''
}

async function benchSuite() {
  heading('bench: node bench/run.mjs --quick (proves it runs; numbers never fail it)')
  const chromium = findChromium()
  if (!chromium) return record('bench', { failed: 1 }, 'no Chromium')
  if (!(await buildBundles())) {
    console.log('bench not run: the build failed')
    return record('bench', { failed: 1 }, 'build failed')
  }
  const started = Date.now()
  const { code, timedOut } = await run(process.execPath, ['bench/run.mjs', '--quick', '--no-build'], {
    env: { CHROMIUM_PATH: chromium },
    timeoutMs: BENCH_TIMEOUT_MS,
  })
  const problem = timedOut
    ? `timed out after ${BENCH_TIMEOUT_MS / 1000} s`
    : code !== 0
      ? `exit code ${code}`
      : benchResultProblem(started)
  console.log(
    `${problem ? 'FAIL' : 'ok  '} quick bench (${((Date.now() - started) / 1000).toFixed(1)} s)${problem ? `: ${problem}` : ''}`,
  )
  if (problem) noteFailure('bench', problem)
  record('bench', problem ? { failed: 1 } : { passed: 1 })
}

// ── main ───────────────────────────────────────────────────────────────────────────────────

async function main() {
  const args = process.argv.slice(2)
  const requested = args.filter((name) => SUITES.includes(name))
  // Any other argument narrows the uvu suites to the test files whose path contains it.
  fileFilters = args.filter((name) => !SUITES.includes(name))
  const selected = requested.length > 0 ? SUITES.filter((s) => requested.includes(s)) : SUITES
  await acquireRunLock(root, 'npm test')
  const started = Date.now()
  const runners = {
    unit: unitSuite,
    integration: integrationSuite,
    build: buildSuite,
    e2e: e2eSuite,
    size: sizeSuite,
    bench: benchSuite,
  }
  for (const suite of selected) {
    const suiteStarted = Date.now()
    const lines = summary.length
    try {
      await runners[suite]()
    } catch (error) {
      console.error(error)
      record(suite, { failed: 1 }, 'runner error')
    }
    // Each suite's wall time beside its counts: where a slow run's minutes went.
    const seconds = Math.round((Date.now() - suiteStarted) / 1000)
    for (let line = lines; line < summary.length; line++) summary[line] += `  [${seconds} s]`
  }
  heading(`summary (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  console.log(summary.join('\n'))
  if (flakyTests.length > 0) console.log(`failed once, passed on the retry:\n${flakyTests.join('\n')}`)
  if (failures.length > 0) console.log(`what failed:\n${failures.join('\n')}`)
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
  return totals.failed > 0 ? 1 : 0
}

process.exitCode = await main()
