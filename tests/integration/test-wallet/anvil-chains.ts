// Real anvil chains for the test wallet's integration tests, one process per chain on a free port.
//
// The sandbox's own launcher (demo/sandbox/anvil.mjs, `startAnvil({ chainId, port })`) is used
// when it exists in the checkout; until then this file spawns anvil itself. The path is built at
// run time so esbuild does not try to bundle a file that may not be there yet.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export interface AnvilChain {
  chainId: number
  rpcUrl: string
  stop(): unknown
}

// The test runner (tests/run.mjs) runs every file from the repository root.
const root = process.cwd()
const START_TIMEOUT_MS = 15_000

export async function startChain(chainId: number): Promise<AnvilChain> {
  const shared = join(root, 'demo/sandbox/anvil.mjs')
  if (existsSync(shared)) {
    const { startAnvil } = await import(pathToFileURL(shared).href)
    return startAnvil({ chainId })
  }
  return spawnAnvil(chainId)
}

/** The anvil binary itself (starts in ~0.15 s), or the npm wrapper that finds it. */
function anvilCommand(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  try {
    const require = createRequire(join(root, 'package.json'))
    const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)
    const binary = join(manifest, '..', 'bin', 'anvil')
    if (existsSync(binary)) return binary
  } catch {
    // Not installed for this platform: use the wrapper.
  }
  return join(root, 'node_modules/.bin/anvil')
}

const running = new Set<ChildProcess>()
// A test that throws before stop() must not leave anvil running after this process ends.
process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL')
})

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-(child.pid as number), signal)
  } catch {
    child.kill(signal)
  }
}

function spawnAnvil(chainId: number): Promise<AnvilChain> {
  // Port 0: anvil picks a free port and prints it ("Listening on 127.0.0.1:PORT"), so two test
  // files running at once never race for one. Not --silent, for that line.
  const child = spawn(anvilCommand(), ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() also ends the binary behind the npm wrapper
  })
  running.add(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (!running.delete(child)) return
    killGroup(child, 'SIGTERM')
    await exited
  }

  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`anvil (chain ${chainId}) did not start within ${START_TIMEOUT_MS} ms:\n${output}`))
    }, START_TIMEOUT_MS)
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.stdout?.on('data', (chunk) => {
      // Keep draining stdout after startup (anvil logs every call) so the pipe never fills up.
      if (output.includes('Listening on')) return
      output += chunk
      const match = output.match(/Listening on ([\d.]+):(\d+)/)
      if (!match) return
      clearTimeout(timer)
      resolve({ chainId, rpcUrl: `http://${match[1]}:${match[2]}`, stop })
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      running.delete(child)
      reject(new Error(`anvil (chain ${chainId}) exited with code ${code}:\n${output}`))
    })
  })
}
