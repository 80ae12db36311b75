// The sandbox's secure frame in Debian's Chromium, driven the way a widget drives the hosted one:
// a plain page on another origin embeds `${secureFrameUrl}/sdk?…` and posts EMBEDDED-FRAME.md's
// messages by hand. Login by email code (read from the mailbox route), keys made and kept inside
// the frame's origin, requests approved in the frame's own screen, landing on anvil and the SVM.
// Then a social login through the provider stand-in popup, the smart account it gets on anvil
// (ERC-1271 signatures, sends through the contract), and Farcaster.
// Chromium missing: the browser tests skip.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
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
import {
  createPublicClient,
  hashMessage,
  http,
  parseAbi,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { CHROMIUM_ARGS, chromiumPath, eventually, nthMail, startDappPage, sleep, type FrameMessage } from './helpers'

const EMAIL = 'alice@example.com'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
let dapp: Awaited<ReturnType<typeof startDappPage>>
let browser: Browser | undefined
let context: BrowserContext
let page: Page
let solanaRef: string
const user = { evm: '' as Hex, solana: '' }
/** The social login's account: its EOA and its smart account on anvil. */
const social = { evm: '' as Hex, smart: '' as Hex }
let socialContext: BrowserContext
let socialPage: Page

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

/** eth_signTypedData_v4 of a one-field Note on 31337 (sent with its EIP712Domain, as dapps do), approved in the frame. */
async function signNote(target: Page, address: Hex, text: string) {
  const typedData = {
    domain: { name: 'Frame test', version: '1', chainId: 31337 },
    types: { Note: [{ name: 'text', type: 'string' }] },
    primaryType: 'Note' as const,
    message: { text },
  }
  const EIP712Domain = [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
  ]
  const sent = { ...typedData, types: { EIP712Domain, ...typedData.types } }
  const reply = await decided(target, {
    method: 'eth_signTypedData_v4',
    params: [address, JSON.stringify(sent)],
    chainId: 31337,
  })
  return { typedData, reply }
}

/** wallet_sendCalls on chain 31338, one ETH transfer to RECIPIENT per amount, approved in the frame. */
function sendCallsOnL2(target: Page, from: Hex, amounts: number[]) {
  const calls = amounts.map((eth) => ({ to: RECIPIENT, value: toHex(parseEther(String(eth))) }))
  return decided(target, {
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId: '0x7a6a', from, calls }],
    chainNamespace: 'eip155',
    chainId: 31338,
  })
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
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  context = await browser.newContext()
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

test("opened on its own, the frame has no page to post to: 'W3mFrame: parent is not set'", async () => {
  const alone = await context.newPage()
  try {
    await alone.goto(`${sandbox.secureFrameUrl}/sdk?projectId=sigkit-sandbox`)
    await alone.getByText('W3mFrame: parent is not set', { exact: false }).waitFor({ timeout: 10_000 })
  } finally {
    await alone.close()
  }
})

test('READY, then the start-up messages; nobody is signed in yet', async () => {
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
  assert.equal(await succeed(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS'), {
    smartAccountEnabledNetworks: [31337, 31338],
  })
  assert.equal(await succeed(page, 'IS_CONNECTED'), { isConnected: false })
  const nobody = await call(page, 'GET_USER', { chainId: 'eip155:31337' })
  assert.equal(nobody, { type: '@w3m-frame/GET_USER_ERROR', id: nobody.id, payload: { message: 'Not signed in' } })
})

test('email login: code from the mailbox, a wrong code is refused, the right one connects', async () => {
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

  // Asking for the EOA makes it the session's account type (the email tests below act as the EOA).
  const evmUser = await succeed(page, 'GET_USER', { chainId: 'eip155:31337', preferredAccountType: 'eoa' })
  assert.match(evmUser.address, /^0x[0-9a-fA-F]{40}$/)
  const smart = evmUser.accounts[0]?.address
  assert.match(smart, /^0x[0-9a-fA-F]{40}$/)
  assert.is.not(smart, evmUser.address)
  assert.equal(evmUser, {
    email: EMAIL,
    address: evmUser.address,
    chainId: 31337,
    accounts: [
      { address: smart, type: 'smartAccount' },
      { address: evmUser.address, type: 'eoa' },
    ],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const solanaUser = await succeed(page, 'GET_USER', { chainId: sandbox.solana.caipNetworkId })
  assert.is(solanaUser.chainId, sandbox.solana.caipNetworkId)
  assert.equal(solanaUser.accounts, [{ address: solanaUser.address, type: 'eoa' }])
  assert.match(solanaUser.address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  user.evm = evmUser.address
  user.solana = solanaUser.address
  assert.equal(await succeed(page, 'IS_CONNECTED'), { isConnected: true })
  assert.equal(await succeed(page, 'SWITCH_NETWORK', { chainId: 'eip155:31338' }), { chainId: 31338 })
  assert.equal(await succeed(page, 'GET_CHAIN_ID'), { chainId: 31338 })
  assert.equal(await succeed(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' }), { type: 'eoa', address: user.evm })
})

test('the faucet funded the new account: ETH on both anvil chains, SOL on the SVM', async () => {
  for (const chain of sandbox.chains) {
    assert.is(await client(chain.chainId).getBalance({ address: user.evm }), parseEther('10'), `${chain.chainId}`)
  }
  const { value } = await createSolanaRpc(sandbox.solana.rpcUrl).getBalance(solanaAddress(user.solana)).send()
  assert.is(value, 10_000_000_000n)
  const [listed] = sandbox.secureFrame.accounts()
  assert.equal(listed?.addresses, { evm: user.evm, solana: user.solana })
})

test('safe methods are answered at once; other methods are refused', async () => {
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

test('personal_sign and eth_signTypedData_v4 are approved in the frame and verify with viem', async () => {
  const message = 'Hello from the test dapp'
  const signed = await decided(page, {
    method: 'personal_sign',
    params: [toHex(message), user.evm],
    chainNamespace: 'eip155',
    chainId: 31337,
  })
  assert.is(signed.type, '@w3m-frame/RPC_REQUEST_SUCCESS')
  assert.ok(await verifyMessage({ address: user.evm, message, signature: signed.payload }))

  const { typedData, reply: typed } = await signNote(page, user.evm, 'typed')
  assert.ok(await verifyTypedData({ address: user.evm, ...typedData, signature: typed.payload }))

  const rejected = await decided(
    page,
    { method: 'personal_sign', params: ['0x6e6f', user.evm], chainId: 31337 },
    'Reject',
  )
  assert.equal(rejected.payload, { message: 'User rejected the request.' })
})

test('eth_sendTransaction of 0.01 ETH, approved in the frame, lands on anvil', async () => {
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

test('wallet_sendCalls sends each call; wallet_getCallsStatus reports them; RPC_ABORT ends a pending request', async () => {
  const chain = client(31338)
  const before = await chain.getBalance({ address: RECIPIENT })
  const sent = await sendCallsOnL2(page, user.evm, [0.001, 0.002])
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
})

test('Solana: signMessage verifies; a transfer signed and sent by the frame lands on the SVM', async () => {
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

test('messages from another origin are ignored: no reply, no mail', async () => {
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

test("the page cannot read the keys; they live in the frame origin's storage and never cross", async () => {
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

test('sign out, then the same email signs in again to the same account', async () => {
  assert.is(await succeed(page, 'SIGN_OUT'), undefined)
  assert.equal(await succeed(page, 'IS_CONNECTED'), { isConnected: false })
  assert.equal(await succeed(page, 'CONNECT_EMAIL', { email: EMAIL }), { action: 'VERIFY_OTP' })
  await typeLatestCode(page, 2)
  const again = await succeed(page, 'GET_USER', { chainId: 31337, preferredAccountType: 'eoa' })
  assert.is(again.address, user.evm)
})

test('a new device: approve link by mail, then a code, then the same account', async () => {
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
    const evmUser = await succeed(second, 'GET_USER', { chainId: 31337 })
    assert.is(evmUser.accounts[1]?.address, user.evm)
    await eventually(() => sandbox.secureFrame.accounts()[0]?.devices === 2, 'two devices on the account')
  } finally {
    await otherDevice.close()
  }
})

// ── social login, smart accounts, Farcaster ───────────────────────────────────────────────────

/**
 * The widget's social flow from the dapp page: a popup opened at /loading before the provider is
 * known, sent to the frame's stand-in page, answered there; the popup posts `{ resultUri }` back.
 * Resolves with the stand-in page (still open) and how to wait for what the dapp page received.
 */
async function openSocialPopup(target: Page, provider: string) {
  const opened = target.context().waitForEvent('page')
  await target.evaluate((frameBase) => {
    const w = window as any
    w.socialResults = []
    w.popup = window.open(`${frameBase}/loading`, 'sigkit-social', 'width=420,height=640')
    window.addEventListener('message', (event) => {
      if (event.source === w.popup) w.socialResults.push({ origin: event.origin, data: event.data })
    })
  }, sandbox.secureFrameUrl)
  const popup = await opened
  await popup.getByRole('status').filter({ hasText: 'Loading…' }).waitFor()
  const { uri } = await succeed(target, 'GET_SOCIAL_REDIRECT_URI', { provider })
  assert.ok(uri.startsWith(`${sandbox.secureFrameUrl}/oauth/${provider}?state=`), uri)
  await target.evaluate((uri) => ((window as any).popup.location.href = uri), uri)
  await popup.waitForURL(uri)
  /** What the dapp page received from the popup, once something arrived (asked after the click). */
  const received = async () => {
    let results: any[] = []
    await eventually(
      async () => (results = await target.evaluate(() => (window as any).socialResults)).length > 0,
      'the popup’s result',
    )
    return results
  }
  return { popup, received }
}

test('social login: the provider stand-in popup posts the result; CONNECT_SOCIAL opens the account', async () => {
  socialContext = await browser!.newContext()
  socialPage = (await openDapp(socialContext)).page
  const { popup, received } = await openSocialPopup(socialPage, 'google')
  assert.is(await popup.title(), 'Google (sandbox)')
  const username = popup.getByLabel('Username')
  assert.is(await username.inputValue(), 'ada.lovelace')
  await popup.getByRole('button', { name: 'Continue as ada.lovelace' }).waitFor()
  await username.fill('grace.hopper')
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Continue as grace.hopper' }).click()
  const results = await received()
  await closed
  assert.is(results.length, 1)
  assert.is(results[0].origin, sandbox.secureFrameUrl)
  assert.equal(Object.keys(results[0].data), ['resultUri'])
  assert.ok(results[0].data.resultUri.startsWith(`${sandbox.secureFrameUrl}/oauth/result?`))

  const connected = await succeed(socialPage, 'CONNECT_SOCIAL', {
    uri: results[0].data.resultUri,
    preferredAccountType: 'smartAccount',
    chainId: 'eip155:31337',
  })
  social.evm = connected.accounts[1]?.address
  social.smart = connected.accounts[0]?.address
  assert.equal(connected, {
    email: null,
    userName: 'grace.hopper',
    address: social.smart,
    chainId: 31337,
    accounts: [
      { address: social.smart, type: 'smartAccount' },
      { address: social.evm, type: 'eoa' },
    ],
    preferredAccountType: 'smartAccount',
    smartAccountDeployed: false,
  })
  assert.is.not(social.evm, user.evm)
  const listed = sandbox.secureFrame.accounts().find((account) => account.email === 'google:grace.hopper')
  assert.is(listed?.addresses.evm, social.evm)
  // The result is single use: posting it again does not sign anyone in.
  const replay = await call(socialPage, 'CONNECT_SOCIAL', { uri: results[0].data.resultUri })
  assert.equal(replay.payload, { message: 'This sign-in is not valid (any more). Start again.' })

  // Like an email session: it survives a reload, and GET_USER answers with the username.
  const reloaded = (await openDapp(socialContext)).page
  assert.equal(await succeed(reloaded, 'IS_CONNECTED'), { isConnected: true })
  const again = await succeed(reloaded, 'GET_USER', { chainId: 31337 })
  assert.equal([again.email, again.userName, again.address], [null, 'grace.hopper', social.smart])
  await reloaded.close()
})

test('social login: Cancel in the popup ends CONNECT_SOCIAL with the provider’s reason', async () => {
  const { popup, received } = await openSocialPopup(socialPage, 'github')
  assert.is(await popup.title(), 'GitHub (sandbox)')
  await popup.getByRole('button', { name: 'Cancel' }).click()
  const [result] = await received()
  assert.is(result.origin, sandbox.secureFrameUrl)
  assert.match(result.data.resultUri, /[?&]error=access_denied/)
  const refused = await call(socialPage, 'CONNECT_SOCIAL', { uri: result.data.resultUri })
  assert.equal(refused.payload, { message: 'The visitor cancelled' })
  // Still signed in as before.
  assert.is((await succeed(socialPage, 'GET_USER', { chainId: 31337 })).userName, 'grace.hopper')
  const unknown = await call(socialPage, 'GET_SOCIAL_REDIRECT_URI', { provider: 'myspace' })
  assert.equal(
    [unknown.type, unknown.payload],
    ['@w3m-frame/GET_SOCIAL_REDIRECT_URI_ERROR', { message: 'Unsupported social provider' }],
  )
})

test('social login without a popup: back to the return URL in the state, on the page’s origin only', async () => {
  const telegram = await browser!.newContext()
  try {
    const { page: target } = await openDapp(telegram)
    const { uri } = await succeed(target, 'GET_SOCIAL_REDIRECT_URI', { provider: 'x' })
    // EMBEDDED-FRAME §8: the widget appends `--` and the URL-encoded page URL to the state.
    const withReturn = (returnUrl: string) => {
      const url = new URL(uri)
      url.searchParams.set('state', `${url.searchParams.get('state')}--${encodeURIComponent(returnUrl)}`)
      return url.href
    }
    await target.goto(withReturn('https://evil.example/steal'))
    assert.is(await target.title(), 'X (sandbox)')
    await target.getByRole('button', { name: 'Continue as ada.lovelace' }).click()
    await target
      .getByRole('alert')
      .filter({ hasText: 'The return URL is not on the page that started the sign-in' })
      .waitFor()
    assert.ok(target.url().startsWith(`${sandbox.secureFrameUrl}/oauth/x?`), 'no redirect elsewhere')

    await target.goto(withReturn(`${dapp.url}?step=back`))
    await Promise.all([
      target.waitForURL((url) => url.searchParams.has('result_uri')),
      target.getByRole('button', { name: 'Continue as ada.lovelace' }).click(),
    ])
    const arrived = new URL(target.url())
    assert.is(`${arrived.origin}${arrived.pathname}`, dapp.url)
    assert.is(arrived.searchParams.get('step'), 'back')
    await target.evaluate(() => (window as any).ready)
    const connected = await succeed(target, 'CONNECT_SOCIAL', {
      uri: arrived.searchParams.get('result_uri'),
      chainId: 'eip155:31337',
    })
    assert.equal(
      [connected.email, connected.userName, connected.preferredAccountType],
      [null, 'ada.lovelace', 'smartAccount'],
    )
  } finally {
    await telegram.close()
  }
})

const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

test('smart account: personal_sign deploys it and verifies by ERC-1271 on anvil', async () => {
  const chain = client(31337)
  assert.equal(await succeed(socialPage, 'RPC_REQUEST', { method: 'eth_accounts', params: [], chainId: 31337 }), [
    social.smart,
  ])
  assert.is(await chain.getCode({ address: social.smart }), undefined, 'not deployed yet')
  const message = 'Signed by a smart account'
  const reply = call(socialPage, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [toHex(message), social.smart],
    chainNamespace: 'eip155',
    chainId: 31337,
  })
  const screen = socialPage.frameLocator('#w3m-iframe')
  await screen.getByText(social.smart).waitFor()
  await screen.getByRole('button', { name: 'Approve' }).click()
  const signed = await reply
  assert.is(signed.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(signed.payload))
  assert.ok(await chain.verifyMessage({ address: social.smart, message, signature: signed.payload }))
  assert.is(
    await chain.readContract({
      address: social.smart,
      abi: erc1271,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signed.payload],
    }),
    '0x1626ba7e',
  )
  assert.not.ok(
    await chain.verifyMessage({ address: social.smart, message: 'something else', signature: signed.payload }),
  )
  // The signature is the owner's; as an address of its own the smart account has no key.
  assert.ok(await verifyMessage({ address: social.evm, message, signature: signed.payload }))
  assert.is((await succeed(socialPage, 'GET_USER', { chainId: 31337 })).smartAccountDeployed, true)

  const { typedData, reply: typed } = await signNote(socialPage, social.smart, 'typed by a smart account')
  assert.is(typed.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(typed.payload))
  assert.ok(await chain.verifyTypedData({ address: social.smart, ...typedData, signature: typed.payload }))
})

test('smart account: eth_sendTransaction from it moves its ETH; the EOA pays the gas', async () => {
  const chain = client(31337)
  const [smartBefore, recipientBefore] = await Promise.all([
    chain.getBalance({ address: social.smart }),
    chain.getBalance({ address: RECIPIENT }),
  ])
  assert.is(smartBefore, parseEther('10'), 'the faucet funded the smart account')
  const sent = await decided(socialPage, {
    method: 'eth_sendTransaction',
    params: [{ from: social.smart, to: RECIPIENT, value: toHex(parseEther('0.25')) }],
    chainNamespace: 'eip155',
    chainId: 31337,
  })
  assert.is(sent.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(sent.payload))
  const receipt = await chain.waitForTransactionReceipt({ hash: sent.payload, pollingInterval: 50 })
  assert.is(receipt.status, 'success')
  assert.is(receipt.from.toLowerCase(), social.evm.toLowerCase())
  assert.is(receipt.to?.toLowerCase(), social.smart.toLowerCase())
  assert.is(smartBefore - (await chain.getBalance({ address: social.smart })), parseEther('0.25'))
  assert.is((await chain.getBalance({ address: RECIPIENT })) - recipientBefore, parseEther('0.25'))

  // On the other chain the account was never used: wallet_sendCalls deploys it first, then sends.
  const l2 = client(31338)
  assert.is(await l2.getCode({ address: social.smart }), undefined)
  const l2Before = await l2.getBalance({ address: social.smart })
  const batch = await sendCallsOnL2(socialPage, social.smart, [0.01, 0.02])
  assert.is(batch.type, '@w3m-frame/RPC_REQUEST_SUCCESS', JSON.stringify(batch.payload))
  assert.ok(await l2.getCode({ address: social.smart }))
  assert.is(l2Before - (await l2.getBalance({ address: social.smart })), parseEther('0.03'))
})

test('SET_PREFERRED_ACCOUNT eoa: GET_USER and RPC answer for the EOA; bad types are refused', async () => {
  assert.equal(await succeed(socialPage, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' }), {
    type: 'eoa',
    address: social.evm,
  })
  const user = await succeed(socialPage, 'GET_USER', { chainId: 31337 })
  assert.equal([user.address, user.preferredAccountType], [social.evm, 'eoa'])
  assert.equal(await succeed(socialPage, 'RPC_REQUEST', { method: 'eth_accounts', params: [], chainId: 31337 }), [
    social.evm,
  ])
  const bogus = await call(socialPage, 'SET_PREFERRED_ACCOUNT', { type: 'contract' })
  assert.is(bogus.type, '@w3m-frame/SET_PREFERRED_ACCOUNT_ERROR')
  assert.equal(await succeed(socialPage, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }), {
    type: 'smartAccount',
    address: social.smart,
  })
  assert.is((await succeed(socialPage, 'GET_USER', { chainId: 31337 })).address, social.smart)
  const solanaUser = await succeed(socialPage, 'GET_USER', { chainId: sandbox.solana.caipNetworkId })
  assert.equal(solanaUser.accounts, [{ address: solanaUser.address, type: 'eoa' }])
})

/** The Farcaster stand-in page, answered in a page of its own (the widget shows its URL as a QR code). */
async function answerFarcaster(url: string, button: 'Approve' | 'Reject', username?: string) {
  const phone = await socialContext.newPage()
  try {
    await phone.goto(url)
    assert.is(await phone.title(), 'Sign in with Farcaster (sandbox)')
    assert.is(await phone.getByLabel('Username').inputValue(), 'ada')
    if (username) await phone.getByLabel('Username').fill(username)
    await phone.getByRole('button', { name: button }).click()
    await phone
      .getByRole('status')
      .filter({ hasText: /close this page/ })
      .waitFor()
  } finally {
    await phone.close()
  }
}

test('Farcaster: approved on the stand-in page, CONNECT_FARCASTER then GET_USER answer for it', async () => {
  const farcasterContext = await browser!.newContext()
  try {
    const { page: target } = await openDapp(farcasterContext)
    const { url } = await succeed(target, 'GET_FARCASTER_URI')
    assert.ok(url.startsWith(`${sandbox.secureFrameUrl}/farcaster/approve?channel=`), url)
    assert.equal(await succeed(target, 'GET_FARCASTER_URI'), { url }, 'the same channel until RELOAD')

    const rejectedWait = call(target, 'CONNECT_FARCASTER')
    await answerFarcaster(url, 'Reject')
    assert.equal((await rejectedWait).payload, { message: 'Farcaster sign-in was rejected' })

    const { url: second } = await succeed(target, 'GET_FARCASTER_URI')
    assert.is.not(second, url)
    const resetWait = call(target, 'CONNECT_FARCASTER')
    await sleep(100)
    assert.is(await succeed(target, 'RELOAD'), undefined)
    assert.equal((await resetWait).payload, { message: 'The Farcaster sign-in was reset' })

    const { url: third } = await succeed(target, 'GET_FARCASTER_URI')
    assert.is.not(third, second)
    const waiting = call(target, 'CONNECT_FARCASTER')
    await answerFarcaster(third, 'Approve', 'dwr')
    const connected = await waiting
    assert.equal(connected.payload, { userName: 'dwr' }, JSON.stringify(connected))
    const user = await succeed(target, 'GET_USER', { chainId: 31337, preferredAccountType: 'eoa' })
    assert.equal([user.email, user.userName, user.preferredAccountType], [null, 'dwr', 'eoa'])
    const listed = sandbox.secureFrame.accounts().find((account) => account.email === 'farcaster:dwr')
    assert.is(listed?.addresses.evm, user.address)
  } finally {
    await farcasterContext.close()
  }
})

test.run()
