// The demo server's WalletConnect pieces: the relay it starts and prints, the config it publishes,
// and the browser wallet page (demo/walletconnect-wallet.html) driven in Chromium by a person's
// clicks, against a Node dapp (universal-provider).
import { chromium, type Browser, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { createPublicKey, verify } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toHex, verifyMessage, type Hex } from 'viem'
import WebSocket from 'ws'
import { base58Decode, base58Encode } from '../../../demo/walletconnect-wallet/node.mjs'
import { eventually, exitSoon, rejection, startDapp, within, type Dapp } from './helpers'
import { CHROMIUM_ARGS, chromiumPath } from '../../helpers/chromium.mjs'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let server: {
  urls: Record<string, string>
  lines: string[]
  exit: Promise<number | null>
  signal(name: NodeJS.Signals): void
}
let config: any
let browser: Browser | undefined
let page: Page
let dapp: Dapp
let session: any

/** `node demo/serve.mjs 0` with every port free (RELAY_PORT follows API_PORT=0). */
async function startDemoServer() {
  const env: NodeJS.ProcessEnv = { ...process.env, API_PORT: '0', ANVIL_PORT: '0', ANVIL_L2_PORT: '0' }
  delete env.RELAY_PORT
  const child = spawn(process.execPath, ['demo/serve.mjs', '0'], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (errors += chunk))
  try {
    await eventually(() => /WC relay/.test(output), 'the demo server to print its URLs', 60_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`demo server did not start:\n${output}\n${errors}`)
  }
  const lines = output.trim().split('\n')
  const urls: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const match = /^\s+(.+?)\s+((?:http|ws):\/\/\S+)/.exec(line)
    if (match) urls[match[1]!] = match[2]!
  }
  return { urls, lines, exit, signal: (name: NodeJS.Signals) => child.kill(name) }
}

test.before(async () => {
  server = await startDemoServer()
  config = await (await fetch(`${server.urls['Demo dapp']}sandbox-config.json`)).json()
  dapp = await startDapp(config.relayUrl, config.chains)
})

test.after(async () => {
  await browser?.close().catch(() => undefined)
  await dapp?.stop()
  if (server) {
    server.signal('SIGINT')
    await within(server.exit, 'the demo server to stop', 5000).catch(() => server.signal('SIGKILL'))
  }
  exitSoon()
})

test('the demo server starts the relay, prints it, and publishes it as relayUrl', async () => {
  const relayUrl = server.urls['WC relay']!
  assert.match(relayUrl, /^ws:\/\/127\.0\.0\.1:\d+$/)
  assert.is(config.relayUrl, relayUrl)
  assert.not.ok(relayUrl.endsWith(':5175'), 'free-picked like the other ports when API_PORT=0')
  const socket = new WebSocket(`${relayUrl}/?auth=x&projectId=sigkit-sandbox`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.terminate()

  const wallet = server.urls['WC wallet']!
  const html = await fetch(wallet)
  assert.is(html.status, 200)
  assert.match(await html.text(), /dist\/demo\/walletconnect-wallet\.js/)
  const script = await fetch(new URL('/dist/demo/walletconnect-wallet.js', wallet))
  assert.is(script.status, 200)
  assert.match(script.headers.get('content-type') ?? '', /javascript/)
})

test('the wallet page starts on the sandbox relay and shows its three accounts', async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  page = await browser.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(server.urls['WC wallet']!)
  await page.getByText(`Ready. Relay ${config.relayUrl}`).waitFor({ timeout: 10_000 })
  const accounts = await page.locator('#accounts').innerText()
  assert.match(accounts, new RegExp(ACCOUNT))
  assert.match(accounts, /Localhost \(eip155:31337\)/)
  // The sandbox publishes a local Solana network: the page offers it instead of mainnet.
  assert.match(accounts, new RegExp(config.solana.caipNetworkId))
  assert.match(accounts, /bc1q/)
  assert.equal(problems, [])
})

test('a person pastes the URI, sees the proposal and approves it: the dapp is connected', async () => {
  dapp.sendUrisTo(() => undefined)
  const namespaces = dapp.namespaces()
  const solanaReference = config.solana.caipNetworkId.split(':')[1]
  namespaces.solana = {
    ...namespaces.solana,
    chains: [config.solana.caipNetworkId],
    rpcMap: { [solanaReference]: config.solana.rpcUrl },
  }
  const connecting = dapp.provider.connect({ optionalNamespaces: namespaces } as any)
  await eventually(() => dapp.uris.length === 1, 'display_uri')
  await page.fill('#uri', dapp.uris[0]!)
  await page.getByRole('button', { name: 'Pair' }).click()
  const card = page.locator('[data-proposal-id]')
  await card.waitFor({ timeout: 5000 })
  const text = await card.innerText()
  assert.match(text, /SigKit integration test/)
  for (const namespace of ['eip155', 'solana', 'bip122']) assert.match(text, new RegExp(namespace))
  assert.match(text, /personal_sign/)
  await card.getByRole('button', { name: 'Approve' }).click()
  session = await within(connecting, 'connect() after the click')
  assert.equal(Object.keys(session.namespaces).sort(), ['bip122', 'eip155', 'solana'])
  await page.locator(`[data-session-topic="${session.topic}"]`).waitFor({ timeout: 5000 })
})

test('requests wait for a click: approve signs (EVM and Solana, WebCrypto ed25519), reject answers 4001', async () => {
  const message = 'Sign in from the browser wallet'
  const signing = dapp.provider.request(
    { method: 'personal_sign', params: [toHex(message), ACCOUNT] },
    'eip155:31337',
  ) as Promise<Hex>
  const request = page.locator('[data-request-id]')
  await request.waitFor({ timeout: 5000 })
  assert.match(await request.innerText(), new RegExp(message))
  await request.getByRole('button', { name: 'Approve' }).click()
  assert.ok(await verifyMessage({ address: ACCOUNT, message, signature: await within(signing, 'personal_sign') }))

  const bytes = new TextEncoder().encode('Solana from the browser')
  const solana = dapp.provider.request(
    {
      method: 'solana_signMessage',
      params: { message: base58Encode(bytes), pubkey: session.namespaces.solana.accounts[0].split(':')[2] },
    },
    config.solana.caipNetworkId,
  ) as Promise<{ signature: string }>
  await page.locator('[data-request-id]').getByRole('button', { name: 'Approve' }).click()
  const { signature } = await within(solana, 'solana_signMessage')
  const pubkey = session.namespaces.solana.accounts[0].split(':')[2]
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(base58Decode(pubkey))]),
    format: 'der',
    type: 'spki',
  })
  assert.ok(verify(null, Buffer.from(bytes), key, Buffer.from(base58Decode(signature))), 'ed25519 signature verifies')

  const refused = rejection(
    dapp.provider.request({ method: 'personal_sign', params: [toHex('no thanks'), ACCOUNT] }, 'eip155:31337'),
  )
  await page.locator('[data-request-id]').getByRole('button', { name: 'Reject' }).click()
  const error = await refused
  assert.is(error.code, 4001)
  await page.locator('#history').getByText('rejected: 4001').waitFor({ timeout: 5000 })
})

test('the session card switches the chain (dapp sees chainChanged) and disconnects (session_delete)', async () => {
  const card = page.locator(`[data-session-topic="${session.topic}"]`)
  await card.getByRole('button', { name: 'Switch to Localhost L2' }).click()
  await eventually(() => Number(dapp.events.chainChanged!.at(-1)) === 31338, 'chainChanged on the dapp')
  await card.getByRole('button', { name: 'Disconnect' }).click()
  await eventually(() => dapp.events.session_delete!.length === 1, 'session_delete on the dapp')
  assert.is(dapp.provider.session, undefined)
  await page.locator('#sessions').getByText('None yet.').waitFor({ timeout: 5000 })
})

test('Ctrl+C stops the relay with the rest of the sandbox', async () => {
  const relayUrl = server.urls['WC relay']!
  await browser?.close()
  browser = undefined
  await dapp.stop()
  server.signal('SIGINT')
  assert.is(await within(server.exit, 'the demo server to exit', 5000), 0)
  const error = await new Promise<Error | undefined>((resolve) => {
    const socket = new WebSocket(relayUrl)
    socket.once('open', () => {
      socket.terminate()
      resolve(undefined)
    })
    socket.once('error', resolve)
  })
  assert.ok(error, 'the relay still accepts connections after Ctrl+C')
})

test.run()
