// @ts-check
// The Chromium every browser test and the bench drive, and the flags they launch it with.
//
// In order: CHROMIUM_PATH, then the system's (Debian's /usr/bin/chromium, which .ci/run
// installs), then the headless shell that the devDependency @sparticuz/chromium ships inside its
// npm package, so `npm install && npm test` needs nothing else. That one is brotli-compressed in
// the package; it is unpacked once per version into node_modules/.cache/ (x64 Linux only).
// Playwright never downloads a browser here (`npx playwright install` fails on these machines).
import { brotliDecompressSync } from 'node:zlib'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * Flags for headless runs on these machines: no sandbox (root in CI), no GPU, and none of
 * Chromium's own connections (its background services would be refused by the closed network).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/**
 * The Chromium to launch: CHROMIUM_PATH, the system's, or the one from npm (unpacked on first use).
 * @returns {string}
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM
  return npmChromium()
}

/** Where each way of finding it looked, for an error message. */
export function chromiumSources() {
  return `CHROMIUM_PATH (${process.env.CHROMIUM_PATH || 'unset'}), ${SYSTEM_CHROMIUM}, @sparticuz/chromium`
}

/**
 * @sparticuz/chromium's headless shell, unpacked into node_modules/.cache once per version. Its
 * own `executablePath()` unpacks into a shared /tmp/chromium without a version check or an
 * atomic write (two test processes at once can launch a half-written file), so this does its own.
 */
export function npmChromium() {
  const packageRoot = join(root, 'node_modules', '@sparticuz', 'chromium')
  const packed = join(packageRoot, 'bin', 'chromium.br')
  if (process.platform !== 'linux' || process.arch !== 'x64' || !existsSync(packed))
    throw new Error(
      `No Chromium found (looked at ${chromiumSources()}): install Debian's chromium or set CHROMIUM_PATH`,
    )
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'))
  const target = join(root, 'node_modules', '.cache', `sparticuz-chromium-${version}`, 'chromium')
  if (existsSync(target)) return target
  mkdirSync(dirname(target), { recursive: true })
  const partial = `${target}.${process.pid}.partial`
  try {
    writeFileSync(partial, brotliDecompressSync(readFileSync(packed)))
    chmodSync(partial, 0o755)
    // Atomic: another process sees no file or the whole one.
    renameSync(partial, target)
  } finally {
    rmSync(partial, { force: true })
  }
  return target
}
