// Test wallet, Solana side (solana-wallet.js, wallet-standard.js, install.js) in happy-dom: the
// Wallet Standard registration both ways round, connect/disconnect/events with the shared prompt
// and scripting queue, authorization kept across a reload, message and transaction signatures
// checked with WebCrypto against the account's public key, transactions built with @solana/kit,
// and signAndSendTransaction against the sandbox's Solana network (LiteSVM behind its JSON-RPC).
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { Window as HappyWindow } from 'happy-dom'
import { webcrypto } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  getBase58Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { startSolana } from '../../../demo/sandbox/solana.mjs'
import { ACCOUNT, rejectsWith } from './helpers'
import { SOLANA_RECIPIENT_ADDRESS, SOLANA_WALLET_ADDRESS } from '../../../demo/test-wallet/solana-account.js'

/** Node's own fetch, before happy-dom replaces the global one. */
const nodeFetch = globalThis.fetch
GlobalRegistrator.register({ url: 'http://127.0.0.1:5173/demo.html' })
const { installTestWallet } = await import('../../../demo/test-wallet/install.js')
const { PROMPT_TAG } = await import('../../../demo/test-wallet/prompt.js')

const ORIGIN = 'http://127.0.0.1:5173'
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
/** A third party, not the wallet: a fee payer the wallet cannot sign for. */
const STRANGER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

let svm: Awaited<ReturnType<typeof startSolana>>
let networkName: string
/** A recent blockhash of the SVM, for the transactions the tests build. */
let blockhash: string
let controller: any
let wallet: any
/** What an app that listened before the wallet loaded was given. */
const registeredEarly: any[] = []
const changes: any[] = []

test.before(async () => {
  svm = await startSolana({ port: 0 })
  networkName = svm.name
  blockhash = (await rpc('getLatestBlockhash')).value.blockhash
  window.addEventListener('wallet-standard:register-wallet', (event: any) => {
    event.detail({ register: (registered: any) => (registeredEarly.push(registered), () => undefined) })
  })
  ;(window as any).__SIGKIT_SANDBOX__ = sandboxConfig()
  controller = installTestWallet(window as any)
  wallet = controller.solana
  wallet.features['standard:events'].on('change', (properties: any) => changes.push(properties))
})
test.after(async () => {
  await svm?.stop()
})

function sandboxConfig() {
  return {
    apiUrl: 'http://127.0.0.1:5174',
    chains: [{ chainId: 31337, name: 'Localhost', rpcUrl: 'http://127.0.0.1:8545', caipNetworkId: 'eip155:31337' }],
    accounts: { wallet: ACCOUNT },
    solana: {
      rpcUrl: svm.rpcUrl,
      wsUrl: svm.wsUrl,
      caipNetworkId: svm.caipNetworkId,
      genesisHash: svm.genesisHash,
      name: svm.name,
      tokens: svm.tokens,
      accounts: svm.accounts,
    },
  }
}

/** A JSON-RPC call to the SVM, from Node (not through happy-dom's fetch). */
async function rpc(method: string, params: unknown[] = []) {
  const response = await nodeFetch(svm.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const { result, error } = await response.json()
  if (error) throw new Error(`${method}: ${error.message}`)
  return result
}

const balance = async (account: string) =>
  BigInt((await rpc('getBalance', [account, { commitment: 'confirmed' }])).value)

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const promptText = () => (document.querySelector(PROMPT_TAG)?.shadowRoot?.textContent ?? '') as string
const connect = (input?: { silent?: boolean }) => wallet.features['standard:connect'].connect(input)
const account = () => wallet.accounts[0]

/** A silent connect must answer by itself: if it prompted instead, fail rather than wait forever. */
function within<T>(promise: Promise<T>, ms = 3000): Promise<T> {
  let timer: ReturnType<typeof setTimeout>
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms (a prompt?)`)), ms)),
  )
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Awaits `promise`, which must reject with an Error whose message matches. */
async function rejectsWithMessage(promise: Promise<unknown>, message: string | RegExp) {
  try {
    const value = await promise
    assert.unreachable(`expected an error, got ${JSON.stringify(value)}`)
  } catch (error: any) {
    if (error?.name === 'Assertion') throw error
    assert.instance(error, Error)
    if (typeof message === 'string') assert.is(error.message, message)
    else assert.match(error.message, message)
    return error
  }
}

async function verifies(publicKey: Uint8Array, signature: Uint8Array, data: Uint8Array) {
  const key = await webcrypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify'])
  return webcrypto.subtle.verify({ name: 'Ed25519' }, key, signature, data)
}

/** ComputeBudget's SetComputeUnitLimit (discriminator 2, u32 LE units), which dapps put before a transfer. */
function setComputeUnitLimit(units: number) {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return { programAddress: address('ComputeBudget111111111111111111111111111111'), data }
}

/** A SOL transfer built and compiled by @solana/kit, unsigned, in wire format. */
function transfer({
  from = SOLANA_WALLET_ADDRESS,
  to = SOLANA_RECIPIENT_ADDRESS,
  lamports = 100_000_000n,
  feePayer = from,
  version = 0 as 0 | 'legacy',
  computeUnitLimit,
  memo,
}: {
  from?: string
  to?: string
  lamports?: bigint
  feePayer?: string
  version?: 0 | 'legacy'
  computeUnitLimit?: number
  memo?: string
} = {}) {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) =>
      computeUnitLimit === undefined
        ? m
        : appendTransactionMessageInstruction(setComputeUnitLimit(computeUnitLimit), m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(from)),
          destination: address(to),
          amount: lamports,
        }),
        m,
      ),
    (m) =>
      memo === undefined
        ? m
        : appendTransactionMessageInstruction(
            { programAddress: address(MEMO_PROGRAM), data: new TextEncoder().encode(memo) },
            m,
          ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

test('registration: an app listening before install and one that starts later both get the one wallet', () => {
  assert.is(registeredEarly.length, 1)
  assert.is(registeredEarly[0], wallet)

  const registeredLate: any[] = []
  window.dispatchEvent(
    new CustomEvent('wallet-standard:app-ready', {
      detail: { register: (w: any) => (registeredLate.push(w), () => undefined) },
    }),
  )
  assert.equal(registeredLate, [wallet])
  assert.is(registeredEarly.length, 1, 'the early app was not registered with twice')
})

test("wallet: name, version, icon (the EVM side's SVG, base64), the sandbox chain, features, no accounts yet", async () => {
  assert.is(wallet.version, '1.0.0')
  assert.is(wallet.name, 'SigKit Test Wallet')
  assert.equal(wallet.chains, [svm.caipNetworkId])
  assert.equal(wallet.accounts, [])
  assert.ok(Object.isFrozen(wallet) && Object.isFrozen(wallet.features))

  const base64 = /^data:image\/svg\+xml;base64,(.+)$/.exec(wallet.icon)
  assert.ok(base64, wallet.icon.slice(0, 40))
  const announced: any[] = []
  window.addEventListener('eip6963:announceProvider', (event: any) => announced.push(event.detail.info), { once: true })
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  assert.is(announced[0].name, wallet.name, 'one name on both sides')
  const evmSvg = decodeURIComponent(announced[0].icon.replace(/^data:image\/svg\+xml,/, ''))
  assert.is(atob(base64![1]!), evmSvg)

  assert.equal(Object.keys(wallet.features).sort(), [
    'solana:signAndSendTransaction',
    'solana:signMessage',
    'solana:signTransaction',
    'standard:connect',
    'standard:disconnect',
    'standard:events',
  ])
  for (const feature of Object.values(wallet.features) as any[]) assert.match(feature.version, /^1\.\d+\.0$/)
  assert.equal(wallet.features['solana:signTransaction'].supportedTransactionVersions, ['legacy', 0])
  assert.equal(wallet.features['solana:signAndSendTransaction'].supportedTransactionVersions, ['legacy', 0])
})

test('connect, silent: not authorized yet, so no prompt and no accounts', async () => {
  assert.equal(await within(connect({ silent: true })), { accounts: [] })
  assert.equal(controller.pending, [])
  assert.is(document.querySelector(PROMPT_TAG), null)
  assert.equal(changes, [])
})

test('connect: rejected in the prompt throws "User rejected the request." and leaves no accounts', async () => {
  const request = connect()
  await settle()
  assert.match(promptText(), 'Connect to this site')
  assert.match(promptText(), SOLANA_WALLET_ADDRESS)
  assert.match(promptText(), networkName)
  assert.equal(
    controller.pending.map((p: any) => p.method),
    ['standard:connect'],
  )
  await controller.rejectNext()
  const error = await rejectsWithMessage(request, 'User rejected the request.')
  assert.is(error.code, 4001)
  assert.equal(wallet.accounts, [])
  assert.equal(changes, [])
  assert.is(localStorage.getItem('sigkit-testwallet:solanaAuthorizedOrigins'), null)
})

test('connect: approved gives the sandbox account (address = SOLANA_WALLET_ADDRESS), emits change, remembers the site', async () => {
  const first = connect()
  const second = connect() // a double click: one prompt for both
  await settle()
  assert.is(document.querySelectorAll(PROMPT_TAG).length, 1)
  const decided = await controller.approveNext()
  assert.equal(decided, {
    method: 'standard:connect',
    params: [{ silent: false }],
    origin: ORIGIN,
    action: 'Connect to this site',
    summary: `Share your Solana address ${SOLANA_WALLET_ADDRESS} on ${networkName} and let the site ask for approvals.`,
  })
  const { accounts } = await first
  assert.is((await second).accounts[0], accounts[0])
  assert.is(accounts.length, 1)
  const [connected] = accounts
  assert.is(connected.address, SOLANA_WALLET_ADDRESS)
  assert.is(
    getAddressDecoder().decode(connected.publicKey),
    SOLANA_WALLET_ADDRESS,
    "publicKey is the address's 32 bytes",
  )
  assert.equal(connected.chains, [svm.caipNetworkId])
  assert.equal([...connected.features].sort(), [
    'solana:signAndSendTransaction',
    'solana:signMessage',
    'solana:signTransaction',
  ])
  connected.publicKey[0] ^= 0xff
  assert.is(
    getAddressDecoder().decode(connected.publicKey),
    SOLANA_WALLET_ADDRESS,
    'publicKey cannot be changed through the account',
  )

  assert.is(wallet.accounts[0], connected)
  assert.is(changes.length, 1)
  assert.equal(
    changes[0].accounts.map((a: any) => a.address),
    [SOLANA_WALLET_ADDRESS],
  )
  assert.equal(JSON.parse(localStorage.getItem('sigkit-testwallet:solanaAuthorizedOrigins')!), [ORIGIN])
  assert.equal(
    JSON.parse(localStorage.getItem('sigkit-testwallet:authorizedOrigins') ?? '[]'),
    [],
    'the EVM side is not connected by it',
  )

  assert.equal((await connect()).accounts, accounts, 'connected already: no prompt')
  assert.is(changes.length, 1, 'and no change')
})

test('reload: the authorization is in storage, so a new page connects silently without a prompt', async () => {
  const page = new HappyWindow({ url: `${ORIGIN}/demo.html` })
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i)!
    page.localStorage.setItem(key, localStorage.getItem(key)!)
  }
  ;(page as any).__SIGKIT_SANDBOX__ = sandboxConfig()
  const reloaded = installTestWallet(page as any)
  assert.equal(reloaded.solana.accounts, [], 'empty until the app connects')
  const { accounts } = await within(reloaded.solana.features['standard:connect'].connect({ silent: true }))
  assert.equal(
    accounts.map((a: any) => a.address),
    [SOLANA_WALLET_ADDRESS],
  )
  assert.equal(reloaded.pending, [])
  await page.happyDOM.close()
})

test('signMessage: "Sign message" shows the text; the signature verifies against the account\'s public key', async () => {
  const message = new TextEncoder().encode('Sign in to SigKit demo\nNonce: 42')
  const request = wallet.features['solana:signMessage'].signMessage({ account: account(), message })
  await settle()
  assert.match(promptText(), 'Sign message')
  assert.match(promptText(), 'Nonce: 42')
  const decided = await controller.approveNext()
  assert.equal(decided.params, [{ account: SOLANA_WALLET_ADDRESS, message: 'Sign in to SigKit demo\nNonce: 42' }])
  const [output] = await request
  assert.equal(output.signedMessage, message)
  assert.is(output.signature.length, 64)
  assert.ok(await verifies(account().publicKey, output.signature, message))
  assert.not.ok(await verifies(account().publicKey, output.signature, new TextEncoder().encode('something else')))

  // Bytes that are not text are shown as hex.
  const binary = new Uint8Array([0, 1, 2, 255])
  const decidedBinary = controller.approveNext()
  const [binaryOutput] = await wallet.features['solana:signMessage'].signMessage({
    account: account(),
    message: binary,
  })
  assert.is((await decidedBinary).summary, '0x000102ff')
  assert.ok(await verifies(account().publicKey, binaryOutput.signature, binary))

  controller.rejectNext()
  await rejectsWith(
    wallet.features['solana:signMessage'].signMessage({ account: account(), message }),
    4001,
    'User rejected the request.',
  )
})

test('signMessage: another account or a missing message is refused without a prompt', async () => {
  const stranger = { ...account(), address: STRANGER }
  await rejectsWith(
    wallet.features['solana:signMessage'].signMessage({ account: stranger, message: new Uint8Array([1]) }),
    4100,
    /is not this wallet's account/,
  )
  await rejectsWith(wallet.features['solana:signMessage'].signMessage({ account: account(), message: 'text' }), -32602)
  await rejectsWith(wallet.features['solana:signMessage'].signMessage(), -32602)
  assert.equal(controller.pending, [])
})

test('signTransaction: a kit-built v0 transfer comes back signed in the fee payer slot and verifies; the prompt summarises it', async () => {
  const unsigned = transfer({ computeUnitLimit: 200_000 })
  const request = wallet.features['solana:signTransaction'].signTransaction({
    account: account(),
    transaction: unsigned,
    chain: svm.caipNetworkId,
  })
  await settle()
  assert.match(promptText(), 'Sign transaction')
  const decided = await controller.approveNext()
  assert.is(decided.method, 'solana:signTransaction')
  assert.is(decided.summary, `To ${SOLANA_RECIPIENT_ADDRESS} · 0.1 SOL · on ${networkName}`)
  assert.equal(decided.params, [
    { account: SOLANA_WALLET_ADDRESS, chain: svm.caipNetworkId, transaction: btoa(String.fromCharCode(...unsigned)) },
  ])

  const [{ signedTransaction }] = await request
  const signed = getTransactionDecoder().decode(signedTransaction)
  const before = getTransactionDecoder().decode(unsigned)
  assert.equal(new Uint8Array(signed.messageBytes), new Uint8Array(before.messageBytes), 'the message is unchanged')
  assert.equal(Object.keys(signed.signatures), [SOLANA_WALLET_ADDRESS])
  assert.ok(
    await verifies(
      account().publicKey,
      signed.signatures[SOLANA_WALLET_ADDRESS as never]!,
      new Uint8Array(signed.messageBytes),
    ),
  )
  assert.is(
    unsigned.slice(1, 65).every((byte) => byte === 0),
    true,
    'the input was not modified',
  )
})

test("signTransaction: legacy message; the wallet as second signer fills slot 1 and leaves the fee payer's", async () => {
  const decided = controller.approveNext()
  const [{ signedTransaction }] = await wallet.features['solana:signTransaction'].signTransaction({
    account: account(),
    transaction: transfer({
      version: 'legacy',
      feePayer: SOLANA_RECIPIENT_ADDRESS,
      to: STRANGER,
      lamports: 1_500_000_000n,
    }),
  })
  assert.is((await decided).summary, `To ${STRANGER} · 1.5 SOL · on ${networkName}`)
  const signed = getTransactionDecoder().decode(signedTransaction)
  assert.equal(Object.keys(signed.signatures), [SOLANA_RECIPIENT_ADDRESS, SOLANA_WALLET_ADDRESS])
  assert.is(signed.signatures[SOLANA_RECIPIENT_ADDRESS as never], null, 'the fee payer still has to sign')
  assert.ok(
    await verifies(
      account().publicKey,
      signed.signatures[SOLANA_WALLET_ADDRESS as never]!,
      new Uint8Array(signed.messageBytes),
    ),
  )
})

test('signTransaction summaries: a transfer from another account says so; anything but transfers is counted', async () => {
  const summaries: string[] = []
  for (const transaction of [
    transfer({ from: STRANGER, feePayer: SOLANA_WALLET_ADDRESS, lamports: 2_000_000n }),
    transfer({ memo: 'order 42', computeUnitLimit: 300_000 }),
  ]) {
    const decided = controller.approveNext()
    await wallet.features['solana:signTransaction'].signTransaction({ account: account(), transaction })
    summaries.push((await decided).summary)
  }
  assert.equal(summaries, [
    `From ${STRANGER} · To ${SOLANA_RECIPIENT_ADDRESS} · 0.002 SOL · on ${networkName}`,
    `3 instructions · on ${networkName}`,
  ])
})

test('signTransaction: refused without a prompt when the wallet is not a signer, the chain is another or the bytes are not a transaction', async () => {
  const notOurs = transfer({ from: STRANGER, feePayer: STRANGER })
  const error = await rejectsWith(
    wallet.features['solana:signTransaction'].signTransaction({ account: account(), transaction: notOurs }),
    -32602,
  )
  assert.is(
    error.message,
    `This wallet cannot sign the transaction: its account ${SOLANA_WALLET_ADDRESS} is not the fee payer (${STRANGER}).`,
  )
  await rejectsWith(
    wallet.features['solana:signTransaction'].signTransaction({
      account: account(),
      transaction: transfer(),
      chain: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }),
    -32602,
    /this wallet is on solana:/,
  )
  const whole = transfer()
  await rejectsWith(
    wallet.features['solana:signTransaction'].signTransaction({ account: account(), transaction: whole.slice(0, -3) }),
    -32602,
    /Invalid transaction/,
  )
  await rejectsWith(
    wallet.features['solana:signTransaction'].signTransaction({
      account: account(),
      transaction: new Uint8Array([...whole, 0]),
    }),
    -32602,
    /left over/,
  )
  assert.equal(controller.pending, [])
})

test('signAndSendTransaction: "Send transaction", then 0.1 SOL lands in the recipient\'s account on the local SVM', async () => {
  const before = await balance(SOLANA_RECIPIENT_ADDRESS)
  const request = wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
    account: account(),
    transaction: transfer({ lamports: 100_000_000n }),
    chain: svm.caipNetworkId,
    options: { commitment: 'confirmed' },
  })
  await settle()
  assert.match(promptText(), 'Send transaction')
  assert.match(promptText(), `To ${SOLANA_RECIPIENT_ADDRESS} · 0.1 SOL · on ${networkName}`)
  assert.equal(
    controller.pending.map((p: any) => p.method),
    ['solana:signAndSendTransaction'],
  )
  await controller.approveNext()
  const [{ signature }] = await request
  assert.is(signature.length, 64)
  assert.is(await balance(SOLANA_RECIPIENT_ADDRESS), before + 100_000_000n)
  const [status] = (await rpc('getSignatureStatuses', [[getBase58Decoder().decode(signature)]])).value
  assert.is(status?.err, null, 'the node has the transaction, landed, under the returned signature')
})

test('signAndSendTransaction: rejected sends nothing; a node error reaches the dapp', async () => {
  const before = await balance(SOLANA_RECIPIENT_ADDRESS)
  controller.rejectNext()
  await rejectsWith(
    wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: account(),
      transaction: transfer(),
      chain: svm.caipNetworkId,
    }),
    4001,
  )
  assert.is(await balance(SOLANA_RECIPIENT_ADDRESS), before)

  // More than the wallet has: the node refuses it.
  controller.approveNext()
  const error = await rejectsWithMessage(
    wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: account(),
      transaction: transfer({ lamports: 1_000_000_000_000_000n }),
      chain: svm.caipNetworkId,
    }),
    /^Transaction simulation failed/,
  )
  assert.is(error.code, -32002, "the node's preflight error, code and message as the node sent them")
  assert.is(await balance(SOLANA_RECIPIENT_ADDRESS), before)
})

test('one queue for both sides: an EVM and a Solana request wait in order; autoApprove covers Solana too', async () => {
  const evm = controller.provider.request({ method: 'eth_requestAccounts' })
  const sol = wallet.features['solana:signMessage'].signMessage({
    account: account(),
    message: new TextEncoder().encode('hi'),
  })
  await settle()
  assert.equal(
    controller.pending.map((p: any) => p.method),
    ['eth_requestAccounts', 'solana:signMessage'],
  )
  await controller.rejectNext()
  await rejectsWith(evm, 4001)
  await controller.approveNext()
  assert.is((await sol).length, 1)

  controller.autoApprove = true
  const [output] = await wallet.features['solana:signMessage'].signMessage({
    account: account(),
    message: new TextEncoder().encode('auto'),
  })
  assert.ok(await verifies(account().publicKey, output.signature, new TextEncoder().encode('auto')))
  controller.autoApprove = false
})

test('disconnect: forgets the site, emits change with no accounts; signing then needs connect; off() stops listening', async () => {
  const heard: any[] = []
  const off = wallet.features['standard:events'].on('change', (properties: any) => heard.push(properties))
  const connected = account()
  await wallet.features['standard:disconnect'].disconnect()
  assert.equal(wallet.accounts, [])
  assert.equal(heard, [{ accounts: [] }])
  assert.equal(JSON.parse(localStorage.getItem('sigkit-testwallet:solanaAuthorizedOrigins')!), [])
  assert.equal(await within(connect({ silent: true })), { accounts: [] }, 'silent connect no longer connects')
  await rejectsWith(
    wallet.features['solana:signMessage'].signMessage({ account: connected, message: new Uint8Array([1]) }),
    4100,
    /connect first/,
  )
  assert.equal(controller.pending, [])

  off()
  controller.approveNext()
  await connect()
  assert.is(heard.length, 1, 'the removed listener heard nothing more')
  assert.equal(
    changes.at(-1).accounts.map((a: any) => a.address),
    [SOLANA_WALLET_ADDRESS],
    'the other listener did',
  )
})

test('no solana in the sandbox config: the usual local RPC port and an unknown chain; an unusable one is not used', async () => {
  const bare = new HappyWindow({ url: `${ORIGIN}/` })
  const fallback = installTestWallet(bare as any)
  assert.equal(fallback.solana.chains, ['solana:<unknown>'])
  const broken = new HappyWindow({ url: `${ORIGIN}/` })
  ;(broken as any).__SIGKIT_SANDBOX__ = { solana: { rpcUrl: 'not a url', caipNetworkId: 'eip155:1' } }
  const warn = console.warn
  const warnings: unknown[] = []
  console.warn = (...args: unknown[]) => warnings.push(args)
  try {
    assert.equal(installTestWallet(broken as any).solana.chains, ['solana:<unknown>'])
  } finally {
    console.warn = warn
  }
  assert.is(warnings.length, 1)
  await bare.happyDOM.close()
  await broken.happyDOM.close()
})

test.run()
