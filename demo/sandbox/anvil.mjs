// @ts-check
// One local EVM chain: an anvil process on 127.0.0.1.
//
//   const chain = await startAnvil({ chainId: 31337 })   // port 0 (default) = a free port
//   chain.rpcUrl  // http://127.0.0.1:PORT
//   await chain.stop()
//
// Every anvil started here is killed when this process exits (or gets SIGINT/SIGTERM/SIGHUP),
// so a test file or the demo server that forgets stop() still leaves nothing running.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { repoRoot } from './paths.mjs'

const HOST = '127.0.0.1'
const READY_TIMEOUT_MS = 15_000
const STOP_GRACE_MS = 2_000
const PROBE_TIMEOUT_MS = 1_000

/**
 * The anvil executable. node_modules/.bin/anvil is a Node wrapper that spawns the platform
 * binary; running the binary directly starts faster and leaves one process to kill instead of
 * two (killing the wrapper with SIGKILL would orphan the real anvil). The wrapper is the
 * fallback when the platform package is not where we expect it.
 */
function anvilExecutable() {
  const arch = /** @type {Record<string, string>} */ ({ x64: 'amd64', arm64: 'arm64' })[process.arch]
  const binaryName = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const binary = createRequire(import.meta.url).resolve(
      `@foundry-rs/anvil-${process.platform}-${arch}/bin/${binaryName}`,
    )
    if (existsSync(binary)) return { command: binary, prefixArgs: [] }
  } catch {
    // fall through to the wrapper
  }
  return { command: process.execPath, prefixArgs: [join(repoRoot, 'node_modules', '.bin', 'anvil')] }
}

/**
 * A port nobody listens on right now: bind port 0, read what the OS gave, close. Another
 * process could take it before anvil binds it; startAnvil retries in that case.
 * @returns {Promise<number>}
 */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
  })
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const liveChildren = new Set()

function killAllNow() {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL')
    } catch {
      // already gone
    }
  }
  liveChildren.clear()
}

let exitHooksInstalled = false
function installExitHooks() {
  if (exitHooksInstalled) return
  exitHooksInstalled = true
  process.on('exit', killAllNow)
  for (const [signal, code] of /** @type {[NodeJS.Signals, number][]} */ ([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ])) {
    process.on(signal, function killChildrenOnSignal() {
      killAllNow()
      // Listening to a signal replaces Node's default "exit"; keep that default unless the
      // program (e.g. demo/serve.mjs) handles the signal itself.
      if (process.listenerCount(signal) === 1) process.exit(code)
    })
  }
}

/**
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown[]} [params]
 */
async function rpc(rpcUrl, method, params = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    // Something that accepts connections but never answers must not stall startup.
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/**
 * Start anvil and wait until it answers `eth_chainId`.
 * @param {{ chainId: number, port?: number }} options port 0 picks a free port
 * @returns {Promise<{ chainId: number, port: number, rpcUrl: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startAnvil({ chainId, port = 0 }) {
  if (!Number.isInteger(chainId) || chainId <= 0) throw new Error(`startAnvil: invalid chainId ${chainId}`)
  // A picked port can be stolen between findFreePort and anvil's bind: try a few.
  const attempts = port === 0 ? 3 : 1
  let lastError
  for (let attempt = 0; attempt < attempts; attempt++) {
    const chosenPort = port === 0 ? await findFreePort() : port
    try {
      return await launch(chainId, chosenPort)
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}

/**
 * @param {number} chainId
 * @param {number} port
 */
async function launch(chainId, port) {
  installExitHooks()
  const { command, prefixArgs } = anvilExecutable()
  const args = [...prefixArgs, '--host', HOST, '--port', String(port), '--chain-id', String(chainId), '--silent']
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  liveChildren.add(child)
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text) => (stderr += text))
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => {
    child.once('exit', () => {
      liveChildren.delete(child)
      resolve()
    })
    child.once('error', (error) => {
      stderr += String(error)
      liveChildren.delete(child)
      resolve()
    })
  })
  let hasExited = false
  exited.then(() => (hasExited = true))

  const rpcUrl = `http://${HOST}:${port}`
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (hasExited) throw new Error(`anvil (chain ${chainId}, port ${port}) exited before answering: ${stderr.trim()}`)
    let answered
    try {
      // If anvil exits (e.g. the port is taken), stop probing at once.
      answered = Number(
        await Promise.race([rpc(rpcUrl, 'eth_chainId'), exited.then(() => Promise.reject(new Error('exited')))]),
      )
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`anvil (chain ${chainId}, port ${port}) did not answer within ${READY_TIMEOUT_MS} ms`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
      continue
    }
    if (answered !== chainId) {
      // Our anvil could not bind and something else answers there (e.g. a leftover anvil).
      child.kill('SIGKILL')
      throw new Error(`port ${port} answers chain ${answered}, not ${chainId}: is another node running there?`)
    }
    break
  }

  async function stop() {
    if (hasExited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    await exited
    clearTimeout(timer)
  }

  return { chainId, port, rpcUrl, pid: /** @type {number} */ (child.pid), stop }
}
