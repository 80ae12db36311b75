// Nothing outlives the sandbox: stop() closes every port, a process that exits without stop()
// takes its anvil along, and the demo server starts everything and stops it on Ctrl+C.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startAnvil } from '../../../demo/sandbox/anvil.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { fetchJson, isAlive, isListening, jsonRpc, portOf } from './helpers'

const root = process.cwd()

/** Wait until `check` holds (or give up after `ms`). */
async function eventually(check: () => Promise<boolean> | boolean, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return check()
}

test('startAnvil: a free port, the asked chain id; stop() ends the process and frees the port', async () => {
  const node = await startAnvil({ chainId: 424242 })
  assert.match(node.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
  assert.is(Number(await jsonRpc(node.rpcUrl, 'eth_chainId')), 424242)
  assert.ok(isAlive(node.pid))
  await node.stop()
  assert.not.ok(await isListening(node.port))
  assert.not.ok(isAlive(node.pid))
  await node.stop() // twice is fine
})

test('startAnvil: a taken port fails fast with a clear message', async () => {
  const node = await startAnvil({ chainId: 31337 })
  try {
    const started = Date.now()
    const error = await startAnvil({ chainId: 31338, port: node.port }).then(
      () => undefined,
      (e: Error) => e,
    )
    assert.ok(error, 'second anvil on the same port must fail')
    assert.match(error!.message, /in use|answers chain 31337/)
    assert.ok(Date.now() - started < 5000)
  } finally {
    await node.stop()
  }
})

test('a process that exits without stop() leaves no anvil behind', async () => {
  const anvilModule = pathToFileURL(join(root, 'demo/sandbox/anvil.mjs')).href
  const script = `import { startAnvil } from ${JSON.stringify(anvilModule)}
const node = await startAnvil({ chainId: 31337 })
console.log(JSON.stringify({ port: node.port, pid: node.pid }))
process.exit(0)`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  await new Promise((resolve) => child.on('close', resolve))
  const { port, pid } = JSON.parse(output)
  assert.ok(await eventually(async () => !(await isListening(port))), `anvil still listens on ${port}`)
  assert.ok(await eventually(() => !isAlive(pid) || isZombie(pid)), `anvil ${pid} still runs`)
})

/** An orphan killed by us may linger as a zombie until init reaps it: dead all the same. */
function isZombie(pid: number): boolean {
  try {
    return /\)\s+Z\s/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

test('startSandbox().stop() closes the API and both chains', async () => {
  const sandbox = await startSandbox()
  const ports = [portOf(sandbox.apiUrl), ...sandbox.chains.map((chain) => portOf(chain.rpcUrl))]
  for (const port of ports) assert.ok(await isListening(port), `${port} listens while running`)
  await sandbox.stop()
  for (const port of ports) assert.not.ok(await isListening(port), `${port} still listens after stop()`)
})

interface DemoServer {
  lines: string[]
  urls: Record<string, string>
  exit: Promise<number | null>
  signal: (name: NodeJS.Signals) => void
}

/** `node demo/serve.mjs 0 …` with every port free-picked; resolves once it printed its URLs. */
async function startDemoServer(extraArgs: string[] = []): Promise<DemoServer> {
  const child = spawn(process.execPath, ['demo/serve.mjs', '0', ...extraArgs], {
    cwd: root,
    env: { ...process.env, API_PORT: '0', ANVIL_PORT: '0', ANVIL_L2_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (errors += chunk))
  const ready = await eventually(
    () =>
      /Test wallet/.test(output) &&
      (extraArgs.includes('--static') ? /Sandbox/.test(output) : /Chain 31338/.test(output)),
    // It bundles the demo page first: on a loaded 2-core machine that alone took over 15 s once.
    30_000,
  )
  if (!ready) {
    child.kill('SIGKILL')
    throw new Error(`demo server did not start:\n${output}\n${errors}`)
  }
  const lines = output.trim().split('\n')
  const urls: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const match = /^\s+(.+?)\s+(http:\/\/\S+)/.exec(line)
    if (match) urls[match[1]!] = match[2]!
  }
  return { lines, urls, exit, signal: (name) => child.kill(name) }
}

test('demo server: prints every URL, publishes the sandbox config, Ctrl+C stops the chains', async () => {
  const server = await startDemoServer()
  try {
    const page = server.urls['Demo dapp']!
    assert.match(page, /^http:\/\/127\.0\.0\.1:\d+\/$/)
    for (const what of ['CDN page', 'Test wallet', 'Sandbox config', 'API emulator', 'Chain 31337', 'Chain 31338']) {
      assert.ok(server.urls[what], `a line for ${what}:\n${server.lines.join('\n')}`)
    }
    const config = await fetchJson(`${page}sandbox-config.json`)
    assert.is(config.status, 200)
    assert.is(config.body.apiUrl, server.urls['API emulator'])
    assert.equal(
      config.body.chains.map((chain: any) => [chain.chainId, chain.name, chain.caipNetworkId, chain.rpcUrl]),
      [
        [31337, 'Localhost', 'eip155:31337', server.urls['Chain 31337']],
        [31338, 'Localhost L2', 'eip155:31338', server.urls['Chain 31338']],
      ],
    )
    assert.is(config.body.accounts.wallet, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    assert.equal(
      config.body.tokens['31337'].map((token: any) => token.symbol),
      ['USDC', 'SKT'],
    )

    const script = await fetch(`${page}sandbox-config.js`)
    assert.match(script.headers.get('content-type') ?? '', /javascript/)
    const globals: Record<string, unknown> = {}
    new Function('window', await script.text())(globals)
    assert.equal(globals['__SIGKIT_SANDBOX__'], config.body)

    // `?csp=strict`: the page comes with the strict policy (docs/csp.md), naming the sandbox's hosts.
    assert.is((await fetch(`${page}cdn.html`)).headers.get('content-security-policy'), null)
    const policy = (await fetch(`${page}cdn.html?csp=strict`)).headers.get('content-security-policy') ?? ''
    assert.match(policy, /^default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: /)
    assert.not.match(policy, /unsafe-/)
    const { apiUrl, relayUrl, secureFrameUrl, solana } = config.body
    const connect = policy.split('; ').find((directive: string) => directive.startsWith('connect-src')) ?? ''
    for (const url of [apiUrl, relayUrl, solana.rpcUrl, solana.wsUrl, server.urls['Chain 31338']])
      assert.ok(connect.split(' ').includes(url), `connect-src allows ${url}`)
    assert.ok(policy.endsWith(`; frame-src ${secureFrameUrl} ${apiUrl}`), 'the secure frame and Verify')
    // `?csp=nonce`: a fresh nonce in style-src and in the page, where the demo pages read it.
    const withNonce = await fetch(`${page}?csp=nonce`)
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(withNonce.headers.get('content-security-policy') ?? '')?.[1]
    assert.ok(nonce)
    assert.ok((await withNonce.text()).includes(`<meta property="csp-nonce" nonce="${nonce}" />`))

    // The emulator and chains it printed are live.
    const balance = await fetchJson(
      `${config.body.apiUrl}/v1/account/${config.body.accounts.wallet}/balance?chainId=eip155:31338`,
    )
    assert.is(balance.body.balances.find((item: any) => item.symbol === 'SKT').quantity.numeric, '42')
    assert.is(Number(await jsonRpc(server.urls['Chain 31338']!, 'eth_chainId')), 31338)

    // /test-wallet/ serves demo/test-wallet/ (written elsewhere; check whatever is there).
    const walletFiles = readdirSync(join(root, 'demo/test-wallet'), { withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.js'),
    )
    for (const file of walletFiles.slice(0, 2)) {
      const response = await fetch(`${page}test-wallet/${file.name}`)
      assert.is(response.status, 200, file.name)
      assert.match(response.headers.get('content-type') ?? '', /javascript/)
    }
    assert.is((await fetch(`${page}test-wallet/no-such-file.js`)).status, 404)
    assert.is((await fetch(`${page}test-wallet/..%2fserve.mjs`)).status, 404)
    assert.is((await fetch(`${page}sandbox/index.mjs`)).status, 404, 'sandbox code is not served')
  } catch (error) {
    server.signal('SIGKILL')
    throw error
  }

  const ports = [
    server.urls['Demo dapp']!,
    server.urls['API emulator']!,
    server.urls['Chain 31337']!,
    server.urls['Chain 31338']!,
  ].map(portOf)
  server.signal('SIGINT')
  assert.is(await server.exit, 0)
  for (const port of ports) assert.not.ok(await isListening(port), `${port} still listens after Ctrl+C`)
})

test('demo server --static: no chains, config script says null, config JSON 404', async () => {
  const server = await startDemoServer(['--static'])
  try {
    assert.ok(server.lines.some((line) => /Sandbox\s+off/.test(line)))
    assert.not.ok(server.lines.some((line) => /Chain 3133/.test(line)))
    const page = server.urls['Demo dapp']!
    assert.is(await (await fetch(`${page}sandbox-config.js`)).text(), 'window.__SIGKIT_SANDBOX__ = null;\n')
    assert.is((await fetch(`${page}sandbox-config.json`)).status, 404)
    assert.is((await fetch(`${page}cdn.html`)).status, 200)
  } finally {
    server.signal('SIGTERM')
    assert.is(await server.exit, 0)
  }
})

test.run()
