// The sandbox's secure frame in Debian's Chromium, driven the way a widget drives the hosted one:
// a plain page on another origin embeds `${secureFrameUrl}/sdk?…` and posts EMBEDDED-FRAME.md's
// messages by hand. Login by email code (read from the mailbox route), keys made and kept inside
// the frame's origin, requests approved in the frame's own screen, landing on anvil and the SVM.
// Chromium missing: the browser tests skip.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { existsSync } from 'node:fs'
import {
  address as solanaAddress,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  appendTransactionMessageInstruction,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { CHROMIUM, CHROMIUM_ARGS, eventually, nthMail, startDappPage, sleep, type FrameMessage } from './helpers'

const EMAIL = 'alice@example.com'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const hasChromium = existsSync(CHROMIUM)
const browserTest = hasChromium ? test : test.skip

let sandbox: Awaited<ReturnType<typeof startSandbox>>
let dapp: Awaited<ReturnType<typeof startDappPage>>
let browser: Browser | undefined
let context: BrowserContext
let page: Page
let solanaRef: string
const user = { evm: '' as Hex, solana: '' }

/** Post `@w3m-app/<type>` from the page; resolves with the frame's reply. */
function call(target: Page, type: string, payload?: unknown): Promise<FrameMessage> {
  return target.evaluate(([type, payload]) => (window as any).send(type, payload), [type, payload] as const)
}

/** Post and expect `<type>_SUCCESS`; resolves with its payload. */
async function succeed(target: Page, type: string, payload?: unknown) {
  const reply = await call(target, type, payload)
  assert.is(reply.type, `@w3m-frame/${type}_SUCCESS`, `${type}: ${JSON.stringify(reply.payload)}`)
  return reply.payload
}

/** An RPC_REQUEST that the person approves (or rejects) in the frame's own screen. */
async function decided(target: Page, payload: unknown, button: 'Approve' | 'Reject' = 'Approve') {
  const reply = call(target, 'RPC_REQUEST', payload)
  await target.frameLocator('#w3m-iframe').getByRole('button', { name: button }).click({ timeout: 5000 })
  return reply
}

async function openDapp(target: BrowserContext) {
  const opened = await target.newPage()
  await opened.goto(dapp.url)
  const ready = await opened.evaluate(() => (window as any).ready)
  return { page: opened, ready }
}

/** Email → code from the mailbox → CONNECT_OTP, on a frame that already sent CONNECT_EMAIL. */
async function typeLatestCode(target: Page, mailCount: number) {
  const mail = await nthMail(sandbox.secureFrameUrl, EMAIL, mailCount)
  assert.match(mail.code, /^\d{6}$/)
  return succeed(target, 'CONNECT_OTP', { otp: mail.code })
}

const client = (chainId: number) =>
  createPublicClient({ transport: http(sandbox.chains.find((chain) => chain.chainId === chainId)!.rpcUrl) })

test.before(async () => {
  sandbox = await startSandbox()
  solanaRef = sandbox.solana.caipNetworkId.split(':')[1]!
  const localhost = sandbox.chains[0]!
  dapp = await startDappPage(sandbox.secureFrameUrl, {
    projectId: 'sigkit-sandbox',
    chainId: localhost.caipNetworkId,
    version: '4',
    enableLogger: 'false',
    rpcUrl: `${sandbox.apiUrl}/v1/?chainId=${localhost.caipNetworkId}&projectId=sigkit-sandbox`,
  })
  if (hasChromium) {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    context = await browser.newContext()
  }
})

test.after(async () => {
  await browser?.close().catch(() => undefined)
  await dapp?.stop()
  await sandbox?.stop()
})

test('the sandbox runs the frame on its own origin and publishes it', async () => {
  assert.match(sandbox.secureFrameUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
  assert.is(sandbox.sandboxConfig().secureFrameUrl, sandbox.secureFrameUrl)
  assert.is.not(new URL(sandbox.secureFrameUrl).origin, new URL(dapp.url).origin)
  const html = await fetch(`${sandbox.secureFrameUrl}/sdk?projectId=x`)
  assert.is(html.status, 200)
  assert.match(html.headers.get('content-security-policy') ?? '', /script-src 'self'/)
  const mailbox = await fetch(`${sandbox.secureFrameUrl}/mailbox`)
  assert.match(await mailbox.text(), /Sandbox mailbox/)
})

browserTest('READY, then the start-up messages; nobody is signed in yet', async () => {
  const opened = await openDapp(context)
  page = opened.page
  assert.equal(opened.ready, { type: '@w3m-frame/READY', payload: { version: '4' } })
  assert.is(
    await succeed(page, 'SYNC_DAPP_DATA', {
      projectId: 'sigkit-sandbox',
      metadata: { name: 'Frame test dapp', description: '', url: dapp.url, icons: [] },
      sdkType: 'appkit',
      sdkVersion: 'html-universal-0.1.0',
    }),
    undefined,
  )
  await succeed(page, 'SYNC_THEME', { themeMode: 'dark', w3mThemeVariables: { '--w3m-accent': '#3355ff' } })
  assert.equal(await succeed(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS'), { smartAccountEnabledNetworks: [] })
  assert.equal(await succeed(page, 'IS_CONNECTED'), { isConnected: false })
  const nobody = await call(page, 'GET_USER', { chainId: 'eip155:31337' })
  assert.equal(nobody, { type: '@w3m-frame/GET_USER_ERROR', id: nobody.id, payload: { message: 'Not signed in' } })
})

browserTest('email login: code from the mailbox, a wrong code is refused, the right one connects', async () => {
  assert.equal(await succeed(page, 'CONNECT_EMAIL', { email: EMAIL }), { action: 'VERIFY_OTP' })
  const mail = await nthMail(sandbox.secureFrameUrl, EMAIL, 1)
  assert.match(mail.subject, new RegExp(mail.code))
  assert.match(mail.text, /expires in 20 minutes/)

  const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0')
  const refused = await call(page, 'CONNECT_OTP', { otp: wrong })
  assert.is(refused.type, '@w3m-frame/CONNECT_OTP_ERROR')
  assert.equal(refused.payload, { message: 'Invalid code' })
  // The frame still holds the email: only the code is typed again.
  assert.is(await succeed(page, 'CONNECT_OTP', { otp: mail.code }), undefined)

  const evmUser = await succeed(page, 'GET_USER', { chainId: 'eip155:31337', preferredAccountType: 'eoa' })
  assert.match(evmUser.address, /^0x[0-9a-fA-F]{40}$/)
  assert.equal(evmUser, {
    email: EMAIL,
    address: evmUser.address,
    chainId: 31337,
    accounts: [{ address: evmUser.address, type: 'eoa' }],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const solanaUser = await succeed(page, 'GET_USER', { chainId: sandbox.solana.caipNetworkId })
  assert.is(solanaUser.chainId, sandbox.solana.caipNetworkId)
  assert.match(solanaUser.address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  user.evm = evmUser.address
  user.solana = solanaUser.address
  assert.equal(await succeed(page, 'IS_CONNECTED'), { isConnected: true })
  assert.equal(await succeed(page, 'SWITCH_NETWORK', { chainId: 'eip155:31338' }), { chainId: 31338 })
  assert.equal(await succeed(page, 'GET_CHAIN_ID'), { chainId: 31338 })
  assert.equal(await succeed(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' }), { type: 'eoa', address: user.evm })
})

browserTest('the faucet funded the new account: ETH on both anvil chains, SOL on the SVM', async () => {
  for (const chain of sandbox.chains) {
    assert.is(await client(chain.chainId).getBalance({ address: user.evm }), parseEther('10'), `${chain.chainId}`)
  }
  const { value } = await createSolanaRpc(sandbox.solana.rpcUrl).getBalance(solanaAddress(user.solana)).send()
  assert.is(value, 10_000_000_000n)
  const [listed] = sandbox.secureFrame.accounts()
  assert.equal(listed?.addresses, { evm: user.evm, solana: user.solana })
})

browserTest('safe methods are answered at once; other methods are refused', async () => {
  const balance = await succeed(page, 'RPC_REQUEST', {
    method: 'eth_getBalance',
    params: [user.evm, 'latest'],
    chainNamespace: 'eip155',
    chainId: 31337,
  })
  assert.is(BigInt(balance), parseEther('10'))
  assert.equal(await succeed(page, 'RPC_REQUEST', { method: 'eth_accounts', params: [], chainId: 31337 }), [user.evm])
  const refused = await call(page, 'RPC_REQUEST', { method: 'eth_sign', params: [user.evm, '0x00'], chainId: 31337 })
  assert.equal(refused.payload, { message: 'Requested RPC call is not allowed' })
})

browserTest('personal_sign and eth_signTypedData_v4 are approved in the frame and verify with viem', async () => {
  const message = 'Hello from the test dapp'
  const signed = await decided(page, {
    method: 'personal_sign',
    params: [toHex(message), user.evm],
    chainNamespace: 'eip155',
    chainId: 31337,
  })
  assert.is(signed.type, '@w3m-frame/RPC_REQUEST_SUCCESS')
  assert.ok(await verifyMessage({ address: user.evm, message, signature: signed.payload }))

  const typedData = {
    domain: { name: 'Frame test', version: '1', chainId: 31337 },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Note: [{ name: 'text', type: 'string' }],
    },
    primaryType: 'Note' as const,
    message: { text: 'typed' },
  }
  const typed = await decided(page, {
    method: 'eth_signTypedData_v4',
    params: [user.evm, JSON.stringify(typedData)],
    chainId: 31337,
  })
  const { EIP712Domain: _, ...types } = typedData.types
  assert.ok(await verifyTypedData({ address: user.evm, ...typedData, types, signature: typed.payload }))

  const rejected = await decided(
    page,
    { method: 'personal_sign', params: ['0x6e6f', user.evm], chainId: 31337 },
    'Reject',
  )
  assert.equal(rejected.payload, { message: 'User rejected the request.' })
})

browserTest('eth_sendTransaction of 0.01 ETH, approved in the frame, lands on anvil', async () => {
  const chain = client(31337)
  const before = await chain.getBalance({ address: RECIPIENT })
  const sent = await decided(page, {
    method: 'eth_sendTransaction',
    params: [{ from: user.evm, to: RECIPIENT, value: toHex(parseEther('0.01')) }],
    chainNamespace: 'eip155',
    chainId: 31337,
    rpcUrl: 'http://127.0.0.1:1/not-used-for-sandbox-chains',
  })
  assert.is(sent.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(sent.payload))
  const receipt = await chain.waitForTransactionReceipt({ hash: sent.payload, pollingInterval: 50 })
  assert.is(receipt.status, 'success')
  assert.is(receipt.from.toLowerCase(), user.evm.toLowerCase())
  assert.is((await chain.getBalance({ address: RECIPIENT })) - before, parseEther('0.01'))
})

browserTest(
  'wallet_sendCalls sends each call; wallet_getCallsStatus reports them; RPC_ABORT ends a pending request',
  async () => {
    const chain = client(31338)
    const before = await chain.getBalance({ address: RECIPIENT })
    const calls = [0.001, 0.002].map((eth) => ({ to: RECIPIENT, value: toHex(parseEther(String(eth))) }))
    const sent = await decided(page, {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a6a', from: user.evm, calls }],
      chainNamespace: 'eip155',
      chainId: 31338,
    })
    assert.is(sent.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(sent.payload))
    const status = await succeed(page, 'RPC_REQUEST', {
      method: 'wallet_getCallsStatus',
      params: [sent.payload.id],
      chainId: 31338,
    })
    assert.is(status.status, 200)
    assert.is(status.receipts.length, 2)
    assert.is((await chain.getBalance({ address: RECIPIENT })) - before, parseEther('0.003'))

    const pending = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', user.evm], chainId: 31337 })
    await page.frameLocator('#w3m-iframe').getByRole('button', { name: 'Approve' }).waitFor()
    assert.is(await succeed(page, 'RPC_ABORT'), undefined)
    assert.equal((await pending).payload, { message: 'Request was aborted' })
  },
)

browserTest('Solana: signMessage verifies; a transfer signed and sent by the frame lands on the SVM', async () => {
  const rpc = createSolanaRpc(sandbox.solana.rpcUrl)
  const bytes = new TextEncoder().encode('Solana from the frame')
  const signedMessage = await decided(page, {
    method: 'solana_signMessage',
    params: { message: getBase58Decoder().decode(bytes), pubkey: user.solana },
    chainNamespace: 'solana',
    chainId: solanaRef,
  })
  const signature = getBase58Encoder().encode(signedMessage.payload.signature)
  const publicKey = await getPublicKeyFromAddress(solanaAddress(user.solana))
  assert.ok(await verifySignature(publicKey, signature as any, bytes))

  const recipient = solanaAddress(sandbox.solana.accounts.recipient)
  const before = (await rpc.getBalance(recipient).send()).value
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const payer = createNoopSigner(solanaAddress(user.solana))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(payer.address, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: recipient, amount: 250_000_000n }),
        draft,
      ),
  )
  const unsigned = getBase58Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
  const signedOnly = await decided(page, {
    method: 'solana_signTransaction',
    params: { transaction: unsigned },
    chainNamespace: 'solana',
    chainId: solanaRef,
  })
  const decoded = getTransactionDecoder().decode(getBase58Encoder().encode(signedOnly.payload.transaction))
  const payerSignature = decoded.signatures[solanaAddress(user.solana)]
  assert.ok(payerSignature && (await verifySignature(publicKey, payerSignature, decoded.messageBytes)))
  assert.is((await rpc.getBalance(recipient).send()).value, before, 'signTransaction does not send')
  const sent = await decided(page, {
    method: 'solana_signAndSendTransaction',
    params: { transaction: unsigned, options: { skipPreflight: false } },
    chainNamespace: 'solana',
    chainId: solanaRef,
    rpcUrl: sandbox.solana.rpcUrl,
  })
  assert.is(sent.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(sent.payload))
  const { value: statuses } = await rpc.getSignatureStatuses([sent.payload.signature]).send()
  assert.is(statuses[0]?.err, null)
  assert.is((await rpc.getBalance(recipient).send()).value - before, 250_000_000n)
})

browserTest('messages from another origin are ignored: no reply, no mail', async () => {
  const stranger = page.frames().find((frame) => frame.url().includes('/stranger'))!
  assert.ok(stranger, 'the stranger frame loaded')
  const intruder = 'mallory@example.com'
  await stranger.evaluate((email) => {
    const target = window.parent.frames[0]!
    for (const type of ['CONNECT_EMAIL', 'GET_USER']) {
      target.postMessage({ type: `@w3m-app/${type}`, id: `stranger-${type}`, payload: { email } }, '*')
    }
  }, intruder)
  // A message from the parent afterwards is answered, so the stranger's had their chance first.
  await succeed(page, 'GET_CHAIN_ID')
  await sleep(200)
  const received: FrameMessage[] = await page.evaluate(() => (window as any).received)
  assert.not.ok(
    received.some((message) => String(message.id).startsWith('stranger-')),
    'the frame answered a stranger',
  )
  const mails = await (await fetch(`${sandbox.secureFrameUrl}/__sandbox/mailbox?email=${intruder}`)).json()
  assert.equal(mails.mails, [])
})

browserTest("the page cannot read the keys; they live in the frame origin's storage and never cross", async () => {
  const fromPage = await page.evaluate(() => {
    const frame = document.getElementById('w3m-iframe') as HTMLIFrameElement
    let frameStorage: string
    try {
      frameStorage = String(frame.contentWindow!.localStorage.length)
    } catch (error) {
      frameStorage = (error as Error).name
    }
    return { ownKeys: Object.keys(localStorage), frameStorage }
  })
  assert.equal(fromPage, { ownKeys: [], frameStorage: 'SecurityError' })

  const secureFrame = page.frame({ name: 'w3m-secure-iframe' })!
  const stored = await secureFrame.evaluate((email) => localStorage.getItem(`sigkit-frame:keys:${email}`), EMAIL)
  const keys = JSON.parse(stored!)
  assert.is(privateKeyToAccount(keys.evm).address, user.evm)
  const everything = JSON.stringify(await page.evaluate(() => (window as any).received)).toLowerCase()
  assert.not.ok(everything.includes(keys.evm.slice(2)), 'the EVM key went through postMessage')
  assert.not.ok(everything.includes(keys.solana), 'the Solana seed went through postMessage')
})

browserTest('sign out, then the same email signs in again to the same account', async () => {
  assert.is(await succeed(page, 'SIGN_OUT'), undefined)
  assert.equal(await succeed(page, 'IS_CONNECTED'), { isConnected: false })
  assert.equal(await succeed(page, 'CONNECT_EMAIL', { email: EMAIL }), { action: 'VERIFY_OTP' })
  await typeLatestCode(page, 2)
  const again = await succeed(page, 'GET_USER', { chainId: 31337 })
  assert.is(again.address, user.evm)
})

browserTest('a new device: approve link by mail, then a code, then the same account', async () => {
  const otherDevice = await browser!.newContext()
  try {
    const { page: second } = await openDapp(otherDevice)
    assert.equal(await succeed(second, 'CONNECT_EMAIL', { email: EMAIL }), { action: 'VERIFY_DEVICE' })
    const link = await nthMail(sandbox.secureFrameUrl, EMAIL, 3)
    assert.match(link.link, new RegExp(`^${sandbox.secureFrameUrl}/device/approve\\?token=`))
    const waiting = call(second, 'CONNECT_DEVICE')
    await sleep(100)
    const approved = await fetch(link.link)
    assert.is(approved.status, 200)
    assert.equal(await waiting, { type: '@w3m-frame/CONNECT_DEVICE_SUCCESS', id: (await waiting).id })
    await typeLatestCode(second, 4)
    const recovered = await succeed(second, 'GET_USER', { chainId: sandbox.solana.caipNetworkId })
    assert.is(recovered.address, user.solana)
    assert.is((await succeed(second, 'GET_USER', { chainId: 31337 })).address, user.evm)
    await eventually(() => sandbox.secureFrame.accounts()[0]?.devices === 2, 'two devices on the account')
  } finally {
    await otherDevice.close()
  }
})

test.run()
