// The embedded-wallet connector over a fake secure frame (happy-dom): email login into both
// namespaces, the RPC policy and ApproveTransaction's stack, refused methods, the heartbeat, restore,
// sign-out through the frame, the origin gate, and timeouts reported with their alert; then social
// login (the popup flow, the redirect flow), Farcaster, account types and the email change.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  embeddedConnector,
  emailThrottleRemaining,
  frameStats,
  resetEmbedded,
  startEmailLogin,
  verifyOtp,
  type LoginMethod,
} from '../../../../src/connectors/embedded'
import { base58Decode, base58Encode, embeddedProvider } from '../../../../src/connectors/embedded/rpc'
import { approvedInFarcaster, farcasterLoginUri, resetFarcaster } from '../../../../src/connectors/embedded/social'
import { canSwitchAccountType } from '../../../../src/features/email/account-type'
import {
  setPreferredAccountType,
  updateEmail,
  verifyCurrentEmailCode,
  verifyNewEmailCode,
} from '../../../../src/connectors/embedded/account'
import { declinedSignatureText } from '../../../../src/core/wallet/sign'
import { cancelSocialLogin, POPUP_CLOSED, socialLogin, startSocialLogin } from '../../../../src/features/social/flow'
import { EMBEDDED_KEYS } from '../../../../src/connectors/embedded/storage'
import { initCore, registerAdapter, registerConnector } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { loadRemoteConfig, resetRemoteConfig } from '../../../../src/core/config/remote-config'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { alertState } from '../../../../src/core/modal/alerts'
import { closeModal, modalState, openModal } from '../../../../src/core/modal/modal'
import { currentView, pushView } from '../../../../src/core/modal/router'
import { toastState } from '../../../../src/core/modal/toasts'
import { transactionStackSize } from '../../../../src/core/modal/transaction-stack'
import { getAccountState, setAccount } from '../../../../src/core/state/account'
import { connectorsState } from '../../../../src/core/state/connectors'
import { getConnectedConnectorIds, setConnectedConnectorId } from '../../../../src/core/lib/storage'
import { connect, disconnect, reconnect } from '../../../../src/core/wallet/connect'
import { startNavigation } from '../../../../src/ui/navigation'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { sendJson, startServer, type TestServer } from '../../helpers/server'
import { localL2, localhost, solana } from '../../../helpers/networks'
import { waitFor } from '../../../helpers/async'
import { fakeFrame, FRAME_ORIGIN, flush, stranger, type FakeFrame, type Posted } from '../../helpers/embedded-frame'
import { resetAllState } from '../../helpers/reset'

/** The rejection of a promise, to assert on (any: errors carry `code`, `reason`). */
const caught = (error: any): any => error

/** `promise`'s rejection (it must reject). */
const rejection = (promise: Promise<unknown>): Promise<any> =>
  promise.then(() => {
    throw new Error('expected a rejection')
  }, caught)

/** Finishes a login as the email and social sections do: core connects the embedded connector. */
const connectEmbedded = (login?: LoginMethod) => connect(embeddedConnector, login ? { login } : {})

/** Social login with a provider's result URI. */
const connectSocial = (provider: 'google' | 'x', socialUri: string) =>
  connectEmbedded({ method: 'social', provider, socialUri })

/** A page load's restore (core's, with the stored session): whether the embedded session came back. */
async function restoreSession(): Promise<boolean> {
  await reconnect()
  return (
    getAccountState('eip155').status.peek() === 'connected' || getAccountState('solana').status.peek() === 'connected'
  )
}

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SOL = '7RiFeMYVRxNNAeWbXDmnznt6UxYQNbWcGXSr4yk6YPqX'
const EMAIL = 'ada@example.com'
const SMART = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const USERNAME = 'ada.lovelace'

let server: TestServer
let manual: ManualClock
let restoreClock = () => {}
let frame: FakeFrame
let signedIn: boolean
/** Held RPC requests needing approval, answered by the test as the person would in the frame. */
let held: Posted['message'][]
let nativeBalanceReads: number
/** Chains the fake frame has smart accounts on. */
let smartNetworks: number[]
/** The username of a social session (undefined: an email session). */
let socialUser: string | undefined
/** SET_PREFERRED_ACCOUNT answers an error. */
let refusePreferred: boolean
/** What the fake frame answers GET_CHAIN_ID with (no answer it reads when undefined). */
let frameChainId: number | string | undefined
/** How the fake frame answers SWITCH_NETWORK: the chain asked for, an error, or another chain. */
let switchReply: 'switched' | 'error' | 'other chain'

const adapter = {
  namespace: 'eip155',
  getNativeBalance: async () => {
    nativeBalanceReads++
    return { value: '1', symbol: 'ETH' }
  },
  getTokenBalances: async () => [],
  getIdentity: async () => ({ name: undefined, avatar: undefined }),
} as unknown as ChainAdapter

test.before(async () => {
  server = await startServer((req, res) => {
    // The page (happy-dom) is on localhost:5173: the API answers it as the hosted one does.
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    res.setHeader('access-control-allow-methods', 'GET, POST')
    if (req.method === 'OPTIONS') return res.end()
    if (req.path === '/appkit/v1/config') return sendJson(res, 200, { features: [{ id: 'email', isEnabled: true }] })
    if (req.path === '/getAnalyticsConfig') return sendJson(res, 200, { isAnalyticsEnabled: true })
    if (req.path === '/projects/v1/origins') return sendJson(res, 200, { allowedOrigins: [] })
    return sendJson(res, 200, {})
  })
})
test.after(() => server.close())

test.before.each(async () => {
  localStorage.clear()
  server.requests.length = 0
  initCore(
    validateOptions({
      projectId: 'p1',
      networks: [localhost, localL2, solana],
      endpoints: { api: server.url, walletApi: server.url, pulse: server.url, secureSite: FRAME_ORIGIN },
    }),
  )
  registerAdapter('eip155', async () => ({ createAdapter: () => adapter }))
  registerConnector('auth', async () => embeddedConnector)
  startNavigation()
  registerAdapter('solana', async () => ({
    createAdapter: () => ({ ...adapter, namespace: 'solana' }) as ChainAdapter,
  }))
  await loadRemoteConfig()
  frame = fakeFrame()
  frame.answer = answer
  signedIn = false
  held = []
  nativeBalanceReads = 0
  smartNetworks = []
  socialUser = undefined
  refusePreferred = false
  frameChainId = undefined
  switchReply = 'switched'
  resetEmbedded(frame.element)
  manual = createManualClock(1_000_000)
  restoreClock = setClock(manual)
})
test.after.each(async () => {
  await resetAllState()
  restoreClock()
})

/** The sandbox frame's answers, enough for the widget's side of each flow. */
function answer(message: Posted['message']) {
  const name = message.type.replace('@w3m-app/', '')
  const payload = message.payload ?? {}
  switch (name) {
    case 'CONNECT_EMAIL':
      return { payload: { action: 'VERIFY_OTP' } }
    case 'CONNECT_OTP':
      if (payload.otp !== '123456')
        return { type: '@w3m-frame/CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } }
      signedIn = true
      return {}
    case 'GET_USER':
      if (!signedIn) return { type: '@w3m-frame/GET_USER_ERROR', payload: { message: 'Not signed in' } }
      return { payload: user(payload) }
    case 'GET_CHAIN_ID':
      return frameChainId === undefined ? {} : { payload: { chainId: frameChainId } }
    case 'CONNECT_SOCIAL':
      if (!String(payload.uri).includes('code=')) return { type: '@w3m-frame/CONNECT_SOCIAL_ERROR', payload: {} }
      signedIn = true
      socialUser = USERNAME
      return { payload: user(payload) }
    case 'GET_SOCIAL_REDIRECT_URI':
      return { payload: { uri: `${FRAME_ORIGIN}/oauth/${payload.provider}?state=s1` } }
    case 'GET_FARCASTER_URI':
      return { payload: { url: `${FRAME_ORIGIN}/farcaster/approve?channel=c1` } }
    case 'CONNECT_FARCASTER':
      signedIn = true
      socialUser = 'ada'
      return { payload: { userName: 'ada' } }
    case 'SET_PREFERRED_ACCOUNT':
      if (refusePreferred)
        return { type: '@w3m-frame/SET_PREFERRED_ACCOUNT_ERROR', payload: { message: 'No smart account here' } }
      return { payload: { type: payload.type, address: payload.type === 'smartAccount' ? SMART : EVM } }
    case 'UPDATE_EMAIL':
      return { payload: { action: 'VERIFY_PRIMARY_OTP' } }
    case 'SWITCH_NETWORK':
      if (switchReply === 'error')
        return { type: '@w3m-frame/SWITCH_NETWORK_ERROR', payload: { message: 'Network switch failed' } }
      return { payload: { chainId: switchReply === 'other chain' ? 'eip155:999' : payload.chainId } }
    case 'UPDATE_EMAIL_SECONDARY_OTP':
      return { payload: { newEmail: 'new@example.com' } }
    case 'IS_CONNECTED':
      return { payload: { isConnected: signedIn } }
    case 'SIGN_OUT':
      signedIn = false
      return {}
    case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
      return { payload: { smartAccountEnabledNetworks: smartNetworks } }
    case 'RPC_REQUEST':
      if (payload.method === 'eth_getBalance') return { payload: '0x2a' }
      held.push(message)
      return undefined
    default:
      return {}
  }
}

/** The signed-in user for GET_USER / CONNECT_SOCIAL: the smart account where asked for and offered. */
function user(payload: any) {
  const who = socialUser ? { email: null, userName: socialUser } : { email: EMAIL }
  if (String(payload.chainId).startsWith('solana:')) return { ...who, address: SOL, chainId: payload.chainId }
  const chainId = Number(String(payload.chainId).split(':')[1])
  const smart = smartNetworks.includes(chainId) && payload.preferredAccountType === 'smartAccount'
  return {
    ...who,
    address: smart ? SMART : EVM,
    chainId,
    preferredAccountType: smart ? 'smartAccount' : 'eoa',
    accounts: smartNetworks.includes(chainId)
      ? [
          { address: SMART, type: 'smartAccount' },
          { address: EVM, type: 'eoa' },
        ]
      : [{ address: EVM, type: 'eoa' }],
  }
}

/** Runs `promise` to its end: READY once the frame exists, time and replies moving meanwhile. */
async function run<T>(promise: Promise<T>): Promise<T> {
  let done = false
  promise.then(
    () => (done = true),
    () => (done = true),
  )
  await pump(() => done)
  return promise
}

/** Moves time and replies until `until` holds (200 rounds of 100 ms at most). */
async function pump(until: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !until(); round++) {
    if (frameStats() && !readySent()) sendReady()
    manual.advance(100)
    await new Promise((resolve) => setTimeout(resolve, 0))
    await flush()
  }
}

let ready = false
const readySent = () => ready
function sendReady() {
  ready = true
  frame.ready()
}
test.before.each(() => {
  ready = false
})

const types = () => frame.posted.map((entry) => entry.message.type.replace('@w3m-app/', ''))

async function login() {
  assert.is(await run(startEmailLogin(EMAIL)), 'VERIFY_OTP')
  await run(verifyOtp('123456'))
  await run(connectEmbedded())
}

/** Replies to the oldest held approval as the person's click in the frame would. */
function decide(result: unknown, error?: string) {
  const message = held.shift()!
  frame.send({
    type: `@w3m-frame/RPC_REQUEST_${error ? 'ERROR' : 'SUCCESS'}`,
    id: message.id,
    payload: error ? { message: error } : result,
  })
}

test('email → code → both namespaces connected through one embedded connector, with the email', async () => {
  await login()
  assert.equal(types().slice(0, 4), [
    'SYNC_DAPP_DATA',
    'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    'CONNECT_EMAIL',
    'CONNECT_OTP',
  ])
  assert.equal(types().filter((type) => type === 'GET_USER').length, 2)
  for (const [namespace, address] of [
    ['eip155', EVM],
    ['solana', SOL],
  ] as const) {
    const state = getAccountState(namespace)
    assert.is(state.status.value, 'connected', namespace)
    assert.is(state.address.value, address)
    assert.equal(state.user.value, { email: EMAIL })
    assert.is(state.socialProvider.value, undefined, 'an email login has no social provider')
  }
  assert.equal(getConnectedConnectorIds(), { eip155: 'auth', solana: 'auth' })
  assert.is(localStorage.getItem(EMBEDDED_KEYS.emailLoginUsed), 'true')
  assert.is(connectorsState.value.find((connector) => connector.id === 'auth')?.type, 'auth')
  // The frame URL the hosted frame expects.
  const getUser = frame.posted.find((entry) => entry.message.type === '@w3m-app/GET_USER')
  assert.equal(Object.keys(getUser?.message.payload ?? {}), ['chainId', 'preferredAccountType', 'rpcUrl'])
})

test('a namespace another wallet is connected in keeps that wallet; email connects the other one', async () => {
  setConnectedConnectorId('eip155', 'io.other')
  setAccount('eip155', { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', status: 'connected' })
  await login()
  assert.equal(getConnectedConnectorIds(), { eip155: 'io.other', solana: 'auth' })
  assert.is(getAccountState('eip155').address.value, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  assert.is(getAccountState('solana').address.value, SOL)
  assert.equal(types().filter((type) => type === 'GET_USER').length, 1)
})

test('a wrong code rejects with the frame message and the same email can try again', async () => {
  await run(startEmailLogin(EMAIL))
  const wrong = await rejection(run(verifyOtp('000000')))
  assert.is(wrong.message, 'Invalid code')
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  await run(verifyOtp('123456'))
  await run(connectEmbedded())
  assert.is(getAccountState('eip155').status.value, 'connected')
})

test('a second code email within 30 s is refused with the seconds left; an invalid email never reaches the frame', async () => {
  await run(startEmailLogin(EMAIL))
  manual.advance(10_400)
  assert.is(emailThrottleRemaining(), 19_600)
  assert.is((await rejection(startEmailLogin(EMAIL))).message, 'Please try again after 20 seconds')
  manual.advance(19_600)
  assert.is(emailThrottleRemaining(), 0)
  assert.is((await rejection(startEmailLogin('not an email'))).message, 'Invalid email. Try again.')
  assert.equal(types().filter((type) => type === 'CONNECT_EMAIL').length, 1)
})

test('a page origin outside the allowed origins: the alert, and no frame', async () => {
  resetRemoteConfig()
  restoreClock()
  await loadRemoteConfig({ origin: 'https://dapp.example' })
  restoreClock = setClock(manual)
  const error = await rejection(startEmailLogin(EMAIL))
  assert.is(error.message, 'Invalid App Configuration')
  assert.is(alertState.code.value, 'SK002')
  assert.is(frameStats(), undefined, 'the frame was never made')
})

test('safe methods pass through; eth_chainId and accounts are answered locally', async () => {
  await login()
  const provider = embeddedProvider('eip155')
  const before = frame.posted.length
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x7a69')
  assert.equal(await provider.request({ method: 'eth_accounts' }), [EVM])
  assert.is(frame.posted.length, before, 'nothing asked of the frame')
  assert.is(await run(provider.request({ method: 'eth_getBalance', params: [EVM, 'latest'] })), '0x2a')
  const sent = frame.posted.at(-1)?.message
  assert.equal(sent?.payload, {
    method: 'eth_getBalance',
    params: [EVM, 'latest'],
    chainNamespace: 'eip155',
    chainId: 31337,
    rpcUrl: 'http://127.0.0.1:8545',
  })
  assert.is(modalState.open.value, false)
})

test('a method needing approval opens ApproveTransaction; success refreshes the balance and closes the modal', async () => {
  await login()
  const reads = nativeBalanceReads
  const provider = embeddedProvider('eip155')
  const signing = provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: EVM, to: EVM, value: 10n ** 16n }],
  })
  await run(Promise.resolve())
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'ApproveTransaction')
  assert.equal(held[0]?.payload.params, [{ from: EVM, to: EVM, value: '0x2386f26fc10000' }], 'BigInt as hex')
  decide(`0x${'ab'.repeat(32)}`)
  assert.is(await run(signing), `0x${'ab'.repeat(32)}`)
  assert.is(modalState.open.value, false, 'the stack was empty: the modal closes')
  await run(Promise.resolve())
  assert.ok(nativeBalanceReads > reads, 'the native balance was read again')
})

test('with the modal open, ApproveTransaction goes on the stack and an error pops back to the view', async () => {
  await login()
  await openModal({ view: 'Account' })
  pushView('Send')
  const provider = embeddedProvider('eip155')
  const signing = provider.request({ method: 'personal_sign', params: ['0x68', EVM] })
  await run(Promise.resolve())
  assert.is(currentView.value, 'ApproveTransaction')
  assert.is(transactionStackSize(), 1)
  decide(undefined, 'User rejected the request.')
  const error = await rejection(run(signing))
  assert.is(error.code, 4001)
  assert.is(currentView.value, 'Send', 'popped with error: back to the view it came from')
  assert.is(transactionStackSize(), 0)
  assert.is(modalState.open.value, true)
})

test('a signing result of the wrong shape never reaches the dapp', async () => {
  await login()
  const provider = embeddedProvider('eip155')
  const sending = provider.request({ method: 'eth_sendTransaction', params: [{ from: EVM, to: EVM }] })
  await run(Promise.resolve())
  decide('0x1234') // not a transaction hash
  assert.is((await rejection(run(sending))).message, 'The secure frame sent an invalid reply')
  assert.is(modalState.open.value, false, 'an error with an empty stack closes the modal')
})

test('closing the modal rejects the pending approval with 4001 and tells the frame (RPC_ABORT)', async () => {
  await login()
  const provider = embeddedProvider('eip155')
  const signing = provider.request({ method: 'personal_sign', params: ['0x68', EVM] })
  await run(Promise.resolve())
  assert.is(currentView.value, 'ApproveTransaction')
  closeModal()
  const error = await rejection(run(signing))
  assert.is(error.code, 4001)
  assert.is(types().at(-1), 'RPC_ABORT')
})

test("the frame's page reloads during an approval: the request rejects as lost (-32603), the new page is set up, the session goes on", async () => {
  await login()
  const provider = embeddedProvider('eip155')
  const signing = provider.request({ method: 'personal_sign', params: ['0x68', EVM] })
  await run(Promise.resolve())
  assert.is(currentView.value, 'ApproveTransaction')
  const before = frame.posted.length
  held = [] // the old page's screen is gone with it
  frame.load() // the first page's load
  frame.load() // a new page's
  const error = await rejection(run(signing))
  assert.equal(
    { code: error.code, message: error.message },
    { code: -32603, message: 'The secure frame reloaded before it answered' },
  )
  assert.is(modalState.open.value, false, 'the approval screen went with the request')
  // The new page says READY: 500 ms later it is told what a first page is, then the session.
  frame.ready()
  await pump(
    () =>
      types()
        .slice(before)
        .filter((type) => type === 'GET_USER').length === 2,
  )
  assert.equal(types().slice(before), [
    'RPC_ABORT',
    'SYNC_DAPP_DATA',
    'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    'IS_CONNECTED',
    'SYNC_THEME',
    'GET_USER',
    'GET_USER',
  ])
  assert.equal(
    frame.posted
      .slice(before)
      .filter((entry) => entry.message.type === '@w3m-app/GET_USER')
      .map((entry) => entry.message.payload.chainId),
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:31337'],
    'every connected namespace, the active one last',
  )
  assert.is(getAccountState('eip155').status.value, 'connected')
  assert.is(getAccountState('eip155').address.value, EVM)
  // The wallet keeps signing in the new page.
  const again = provider.request({ method: 'personal_sign', params: ['0x69', EVM] })
  await run(Promise.resolve())
  decide(`0x${'cd'.repeat(65)}`)
  assert.is(await run(again), `0x${'cd'.repeat(65)}`)
  assert.is(await run(provider.request({ method: 'eth_getBalance', params: [EVM, 'latest'] })), '0x2a')
})

test('the frame reloads signed out (its login gone): every namespace ends here too', async () => {
  await login()
  signedIn = false
  frame.ready() // a new page (its load comes later)
  await pump(() => getAccountState('eip155').status.value === 'disconnected')
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.is(getAccountState('solana').status.value, 'disconnected')
  assert.is(localStorage.getItem(EMBEDDED_KEYS.emailLoginUsed), null)
})

test("a safe request the frame fails reaches the dapp as an EIP-1193 error with the frame's message", async () => {
  await login()
  frame.answer = (message) =>
    message.payload?.method === 'eth_blockNumber'
      ? { type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'HTTP request failed. Status: 500' } }
      : answer(message)
  const error = await rejection(run(embeddedProvider('eip155').request({ method: 'eth_blockNumber' })))
  assert.equal(
    { code: error.code, message: error.message },
    { code: -32603, message: 'HTTP request failed. Status: 500' },
  )
})

test('a method outside both lists is refused without reaching the frame: modal, log, then "Action not allowed"', async () => {
  await login()
  const provider = embeddedProvider('eip155')
  const before = frame.posted.length
  const logged: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => logged.push(args)
  const error = await rejection(provider.request({ method: 'eth_sign', params: [EVM, '0x00'] }))
  console.error = original
  assert.is(error.message, 'Requested RPC call is not allowed')
  assert.is(error.code, 4200)
  assert.is(frame.posted.length, before)
  assert.is(modalState.open.value, true)
  assert.equal(logged, [['[SigKit] Requested RPC call is not allowed', { method: 'eth_sign' }]])
  manual.advance(299)
  assert.is.not(toastState.message.value, 'Action not allowed')
  manual.advance(1)
  assert.is(toastState.message.value, 'Action not allowed')
  assert.is(toastState.variant.value, 'error')
})

test('Solana: base64 transactions go to the frame as base58, the signed one comes back as base64', async () => {
  await login()
  const wire = Uint8Array.from([0, 0, 1, 2, 3, 250, 255])
  const base64 = btoa(String.fromCharCode(...wire))
  const provider = embeddedProvider('solana')
  const signing = provider.request({ method: 'solana_signTransaction', params: { transaction: base64 } })
  await run(Promise.resolve())
  const sent = held[0]?.payload
  assert.is(sent.chainNamespace, 'solana')
  assert.is(sent.chainId, solana.id)
  assert.is(sent.params.transaction, base58Encode(wire))
  assert.equal([...base58Decode(sent.params.transaction)], [...wire])
  decide({ transaction: base58Encode(Uint8Array.from([9, 8, 7])) })
  assert.equal(await run(signing), { transaction: btoa(String.fromCharCode(9, 8, 7)) })
})

test('heartbeat: IS_CONNECTED every 5 s; when the frame says signed out, every namespace ends', async () => {
  await login()
  const count = () => types().filter((type) => type === 'IS_CONNECTED').length
  const start = count()
  await run(new Promise((resolve) => setTimeout(resolve, 0)))
  manual.advance(5000)
  await run(Promise.resolve())
  assert.ok(count() > start, 'asked again')
  signedIn = false
  manual.advance(5000)
  await run(Promise.resolve())
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.is(getAccountState('solana').status.value, 'disconnected')
  assert.is(localStorage.getItem(EMBEDDED_KEYS.emailLoginUsed), null)
})

test('restore after a reload: with the flag stored the frame is asked, nothing is typed again', async () => {
  signedIn = true
  localStorage.setItem(EMBEDDED_KEYS.emailLoginUsed, 'true')
  setConnectedConnectorId('eip155', 'auth')
  setConnectedConnectorId('solana', 'auth')
  assert.is(await run(restoreSession()), true)
  assert.equal(types().slice(2), ['IS_CONNECTED', 'GET_CHAIN_ID', 'GET_USER', 'GET_USER'])
  assert.is(getAccountState('eip155').address.value, EVM)
  assert.is(getAccountState('solana').address.value, SOL)
})

test("restore: the frame's chain (GET_CHAIN_ID) is the one its namespace comes back on, when the dapp has it", async () => {
  signedIn = true
  frameChainId = localL2.id
  localStorage.setItem(EMBEDDED_KEYS.emailLoginUsed, 'true')
  setConnectedConnectorId('eip155', 'auth')
  assert.is(await run(restoreSession()), true)
  const getUser = frame.posted.find(
    (entry) =>
      entry.message.type === '@w3m-app/GET_USER' && String(entry.message.payload?.chainId).startsWith('eip155'),
  )
  assert.is(getUser?.message.payload?.chainId, localL2.caipNetworkId)
  assert.is(getAccountState('eip155').caipAddress.value, `${localL2.caipNetworkId}:${EVM}`)
})

test('restore: a chain the dapp does not have is ignored; the stored network stays', async () => {
  signedIn = true
  frameChainId = 'eip155:424242'
  localStorage.setItem(EMBEDDED_KEYS.emailLoginUsed, 'true')
  setConnectedConnectorId('eip155', 'auth')
  assert.is(await run(restoreSession()), true)
  assert.is(getAccountState('eip155').caipAddress.value, `${localhost.caipNetworkId}:${EVM}`)
})

test('restore when the frame says signed out: the namespaces end and the cache goes', async () => {
  localStorage.setItem(EMBEDDED_KEYS.emailLoginUsed, 'true')
  setConnectedConnectorId('eip155', 'auth')
  const original = console.warn
  console.warn = () => undefined
  assert.is(await run(restoreSession()), false)
  console.warn = original
  assert.equal(getConnectedConnectorIds(), {})
  assert.is(localStorage.getItem(EMBEDDED_KEYS.emailLoginUsed), null)
})

test('disconnecting one namespace signs out through the frame once and ends both', async () => {
  await login()
  await run(disconnect('solana'))
  assert.equal(types().filter((type) => type === 'SIGN_OUT').length, 1)
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.is(getAccountState('solana').status.value, 'disconnected')
  assert.is(localStorage.getItem(EMBEDDED_KEYS.emailLoginUsed), null)
})

test('a failure after the code: the init-failed toast and the wallet disconnected', async () => {
  await run(startEmailLogin(EMAIL))
  signedIn = true
  frame.answer = (message) =>
    message.type === '@w3m-app/GET_USER' && String(message.payload?.chainId).startsWith('solana')
      ? { payload: { email: EMAIL, address: EVM, chainId: 31337 } } // the wrong namespace
      : answer(message)
  const error = await rejection(run(connectEmbedded()))
  assert.is(error.message, 'The secure frame sent an invalid reply')
  assert.is(toastState.message.value, 'A problem occurred while trying initialize authentication')
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.equal(getConnectedConnectorIds(), {})
  assert.ok(types().includes('SIGN_OUT'))
})

test('no READY within 20 s: iframe_load_failed is reported and its alert opens; the next try makes a new frame', async () => {
  const attempt = rejection(startEmailLogin(EMAIL))
  for (let i = 0; i < 10; i++) await flush()
  manual.advance(20_000)
  const error = await attempt
  assert.is(error.reason, 'iframe_load_failed')
  assert.is(alertState.code.value, 'SK101')
  assert.is(alertState.message.value, 'Network Error: Wallet Load Failed')
  restoreClock()
  const report = await waitFor(() =>
    server.requests
      .map((request) => request.json as { props?: Record<string, string> } | undefined)
      .find((body) => body?.props?.['event'] === 'iframe_load_failed'),
  )
  assert.is(report.props?.['type'], 'error')
  assert.is(report.props?.['errorMessage'], 'Network Error: Wallet Load Failed')
  restoreClock = setClock(manual)
  assert.is(frameStats(), undefined, 'the failed frame is gone')
})

test('a connect request unanswered for 30 s: iframe_request_timeout, reported, its alert opens', async () => {
  frame.answer = (message) => (message.type === '@w3m-app/CONNECT_EMAIL' ? undefined : answer(message))
  const attempt = rejection(startEmailLogin(EMAIL))
  await pump(() => types().includes('CONNECT_EMAIL'))
  manual.advance(29_999)
  await flush()
  assert.is(alertState.code.value, undefined)
  manual.advance(1)
  const error = await attempt
  assert.is(error.reason, 'iframe_request_timeout')
  assert.is(alertState.code.value, 'SK102')
  assert.is(alertState.message.value, 'Wallet Request Timeout')
  restoreClock()
  await waitFor(() =>
    server.requests.some(
      (request) => (request.json as { props?: { event?: string } })?.props?.event === 'iframe_request_timeout',
    ),
  )
  restoreClock = setClock(manual)
})

// ── issue 15: social login, Farcaster, account types, update email ─────────────────────────

test('a social login: CONNECT_SOCIAL with the result URI, then both namespaces with the username', async () => {
  await run(connectSocial('google', `${FRAME_ORIGIN}/oauth/result?state=s1&code=c1`))
  const social = frame.posted.find((entry) => entry.message.type === '@w3m-app/CONNECT_SOCIAL')
  assert.is(social?.message.payload.uri, `${FRAME_ORIGIN}/oauth/result?state=s1&code=c1`)
  assert.equal(Object.keys(social?.message.payload ?? {}), ['uri', 'chainId', 'preferredAccountType', 'rpcUrl'])
  for (const namespace of ['eip155', 'solana'] as const) {
    const state = getAccountState(namespace)
    assert.is(state.status.value, 'connected', namespace)
    assert.equal(state.user.value, { username: USERNAME })
    assert.equal(state.connectedWalletInfo.value, { name: 'Google', identifier: USERNAME, social: 'google' })
    assert.is(state.socialProvider.value, 'google', namespace)
  }
  assert.is(localStorage.getItem(EMBEDDED_KEYS.connectedSocial), '"google"')
  assert.is(localStorage.getItem(EMBEDDED_KEYS.socialUsername), `"${USERNAME}"`)
  assert.is(localStorage.getItem(EMBEDDED_KEYS.email), null)
  // Signing out clears it with the rest of the account.
  await run(disconnect())
  assert.is(getAccountState('eip155').socialProvider.value, undefined)
  assert.is(getAccountState('solana').socialProvider.value, undefined)
})

test('a social login restored after a reload keeps its provider and username', async () => {
  signedIn = true
  socialUser = USERNAME
  localStorage.setItem(EMBEDDED_KEYS.emailLoginUsed, 'true')
  localStorage.setItem(EMBEDDED_KEYS.connectedSocial, '"github"')
  localStorage.setItem(EMBEDDED_KEYS.socialUsername, `"${USERNAME}"`)
  setConnectedConnectorId('eip155', 'auth')
  assert.is(await run(restoreSession()), true)
  assert.equal(getAccountState('eip155').connectedWalletInfo.value, {
    name: 'GitHub',
    identifier: USERNAME,
    social: 'github',
  })
  assert.equal(getAccountState('eip155').user.value, { username: USERNAME })
  assert.is(getAccountState('eip155').socialProvider.value, 'github')
})

test('a refused social result: the init-failed toast, nothing connected, signed out', async () => {
  const error = await run(rejection(connectSocial('x', `${FRAME_ORIGIN}/oauth/result?state=s1`)))
  assert.is(error.message, 'An error occurred')
  assert.is(toastState.message.value, 'A problem occurred while trying initialize authentication')
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.equal(getConnectedConnectorIds(), {})
})

test('the redirect flow: the page that comes back with result_uri finishes the login and cleans the address bar', async () => {
  localStorage.setItem(EMBEDDED_KEYS.redirectSocial, '"discord"')
  setConnectedConnectorId('eip155', 'auth')
  const resultUri = `${FRAME_ORIGIN}/oauth/result?state=s1&code=c1`
  history.replaceState(null, '', `/app?tab=2&result_uri=${encodeURIComponent(resultUri)}`)
  assert.is(await run(restoreSession()), true)
  assert.is(location.search, '?tab=2')
  assert.is(localStorage.getItem(EMBEDDED_KEYS.redirectSocial), null)
  assert.is(getAccountState('eip155').connectedWalletInfo.value?.social, 'discord')
  assert.ok(frame.posted.some((entry) => entry.message.payload?.uri === resultUri))
})

test('the redirect flow coming back with an error: a toast, and the namespace marked for it ends', async () => {
  localStorage.setItem(EMBEDDED_KEYS.redirectSocial, '"google"')
  setConnectedConnectorId('eip155', 'auth')
  history.replaceState(null, '', `/app?result_uri=${encodeURIComponent(`${FRAME_ORIGIN}/r?error=access_denied`)}`)
  assert.is(await run(restoreSession()), false)
  assert.is(toastState.message.value, 'The sign-in was cancelled')
  assert.equal(getConnectedConnectorIds(), {})
  assert.is(location.search, '')
})

test('Farcaster: the URI once, the approval, then GET_USER; leaving unconnected reloads the channel', async () => {
  assert.is(await run(farcasterLoginUri()), `${FRAME_ORIGIN}/farcaster/approve?channel=c1`)
  assert.is(await run(farcasterLoginUri()), `${FRAME_ORIGIN}/farcaster/approve?channel=c1`)
  assert.equal(types().filter((type) => type === 'GET_FARCASTER_URI').length, 1)
  resetFarcaster()
  manual.advance(99)
  await flush()
  assert.not.ok(types().includes('RELOAD'))
  manual.advance(1)
  await pump(() => types().filter((type) => type === 'SYNC_DAPP_DATA').length === 2)
  assert.equal(types().slice(-2), ['RELOAD', 'SYNC_DAPP_DATA'])
  await run(farcasterLoginUri())
  await run(connectEmbedded(await run(approvedInFarcaster())))
  assert.equal(types().filter((type) => type === 'GET_FARCASTER_URI').length, 2, 'a new channel after the reset')
  assert.equal(getAccountState('eip155').user.value, { username: 'ada' })
  assert.is(getAccountState('eip155').connectedWalletInfo.value?.social, 'farcaster')
})

test('account types: eip155 asks for the smart account, solana for the EOA; switching follows the address', async () => {
  smartNetworks = [Number(localhost.id)]
  await login()
  const asked = frame.posted
    .filter((entry) => entry.message.type === '@w3m-app/GET_USER')
    .map((entry) => [String(entry.message.payload.chainId).split(':')[0], entry.message.payload.preferredAccountType])
  assert.equal(Object.fromEntries(asked), { solana: 'eoa', eip155: 'smartAccount' })
  const state = getAccountState('eip155')
  assert.is(state.address.value, SMART)
  assert.is(state.preferredAccountType.value, 'smartAccount')
  assert.ok(canSwitchAccountType('eip155'))
  assert.not.ok(canSwitchAccountType('solana'))
  const seen: unknown[] = []
  embeddedProvider('eip155').on?.('accountsChanged', (accounts: unknown) => seen.push(accounts))
  await run(setPreferredAccountType('eoa'))
  assert.is(state.address.value, EVM)
  assert.is(state.preferredAccountType.value, 'eoa')
  assert.equal(seen, [[EVM]])
  assert.is(localStorage.getItem(EMBEDDED_KEYS.preferredAccountTypes), '{"eip155":"eoa"}')
  // The choice is kept: the next login asks for the EOA.
  assert.is(await run(embeddedProvider('eip155').request({ method: 'eth_accounts' })).then((a: any) => a[0]), EVM)
})

test('a network switch asks again which account the frame acts as: none smart there → the EOA, and back', async () => {
  smartNetworks = [Number(localhost.id)]
  await login()
  const state = getAccountState('eip155')
  assert.is(state.address.value, SMART)
  const switchTo = (id: number | string) =>
    run(
      embeddedProvider('eip155').request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${Number(id).toString(16)}` }],
      }),
    )
  await switchTo(localL2.id)
  assert.is(state.address.value, EVM)
  assert.is(state.preferredAccountType.value, 'eoa')
  const asked = frame.posted.filter((entry) => entry.message.type === '@w3m-app/GET_USER').at(-1)
  assert.is(asked?.message.payload.preferredAccountType, 'smartAccount', 'the choice stays; the network has none')
  await switchTo(localhost.id)
  assert.is(state.address.value, SMART)
})

test("a switch the frame fails or answers with another chain rejects with an EIP-1193 code; the dapp's chain stays", async () => {
  await login()
  const switchToL2 = () =>
    run(
      rejection(
        embeddedProvider('eip155').request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${Number(localL2.id).toString(16)}` }],
        }),
      ),
    )
  const chainBefore = await run(embeddedProvider('eip155').request({ method: 'eth_chainId' }))
  for (const reply of ['error', 'other chain'] as const) {
    switchReply = reply
    const error = (await switchToL2()) as Error & { code?: number }
    assert.is(error.code, -32603, `${reply}: ${error.message}`)
    assert.is(await run(embeddedProvider('eip155').request({ method: 'eth_chainId' })), chainBefore)
  }
})

test('a preferred-account error falls back to the EOA and says why', async () => {
  smartNetworks = [Number(localhost.id)]
  await login()
  refusePreferred = true
  const error = await run(rejection(setPreferredAccountType('smartAccount')))
  assert.is(error.message, 'No smart account here')
  assert.is(getAccountState('eip155').address.value, EVM)
  assert.is(localStorage.getItem(EMBEDDED_KEYS.preferredAccountTypes), '{"eip155":"eoa"}')
})

test("the account type asked for a namespace the dapp has no network in: 'CaipNetwork not found', nothing changes", async () => {
  await login()
  const before = getAccountState('eip155').address.value
  const error = await run(rejection(setPreferredAccountType('eoa', 'bip122')))
  assert.is(error.message, 'CaipNetwork not found')
  assert.not.ok(
    frame.posted.some(
      (entry) =>
        entry.message.type === '@w3m-app/GET_USER' && String(entry.message.payload?.chainId).startsWith('bip122'),
    ),
    'the frame is not asked about a network the dapp does not have',
  )
  assert.is(getAccountState('eip155').address.value, before)
})

test('a declined signature on a smart account gets its own toast text', async () => {
  smartNetworks = [Number(localhost.id)]
  await login()
  assert.is(declinedSignatureText('eip155'), 'This application might not support Smart Accounts')
  assert.is(declinedSignatureText('solana'), 'Signature declined')
})

test('update email: UPDATE_EMAIL, both codes, then the new email is stored and shown', async () => {
  await login()
  assert.is(await run(updateEmail(' new@example.com ')), 'VERIFY_PRIMARY_OTP')
  assert.equal(frame.posted.at(-1)?.message.payload, { email: 'new@example.com' })
  await run(verifyCurrentEmailCode('111111'))
  assert.is(await run(verifyNewEmailCode('222222')), 'new@example.com')
  assert.is(localStorage.getItem(EMBEDDED_KEYS.email), '"new@example.com"')
  assert.is(emailThrottleRemaining(), 0, 'like a login, the change ends the code throttle')
  assert.equal(getAccountState('solana').user.value, { email: 'new@example.com' })
  const error = await rejection(updateEmail('nope'))
  assert.is(error.message, 'Invalid email. Try again.')
})

// ── the social flow as the visitor lives it (features/social/flow.ts) ─────────────────────

/** A popup window as `window.open` returns it: where it was sent, and whether it is closed. */
function fakePopup() {
  return {
    closed: false,
    location: { href: '' },
    close() {
      this.closed = true
    },
    postMessage() {},
  }
}

/** Replaces `window.open` for one test; returns the calls it got. */
function stubOpen(result: unknown): unknown[][] {
  const calls: unknown[][] = []
  const original = window.open
  window.open = ((...args: unknown[]) => {
    calls.push(args)
    return result
  }) as typeof window.open
  restoreOpen = () => (window.open = original)
  return calls
}
let restoreOpen = () => {}
test.after.each(() => {
  restoreOpen()
  cancelSocialLogin()
})

test('the popup opens inside the call, follows to the provider, and only its own answer from the secure origin counts', async () => {
  const popup = fakePopup()
  const calls = stubOpen(popup)
  openModal()
  startSocialLogin('google')
  // Synchronously: the browser still counts the click as the popup's user gesture.
  assert.equal(calls, [[`${FRAME_ORIGIN}/loading`, 'popupWindow', 'width=600,height=800,scrollbars=yes']])
  assert.is(currentView.value, 'ConnectingSocial')
  assert.is(socialLogin.value?.phase, 'waiting')
  await pump(() => popup.location.href !== '')
  assert.is(popup.location.href, `${FRAME_ORIGIN}/oauth/google?state=s1`)
  const resultUri = `${FRAME_ORIGIN}/oauth/result?state=s1&code=c1`
  // Another window of the right origin, and the popup posing from another origin: both ignored.
  frame.send({ resultUri }, { source: stranger })
  frame.send({ resultUri }, { source: popup, origin: 'https://evil.example' })
  await flush()
  assert.is(socialLogin.value?.phase, 'waiting')
  assert.not.ok(types().includes('CONNECT_SOCIAL'))
  frame.send({ resultUri }, { source: popup })
  await pump(() => getAccountState('eip155').status.value === 'connected')
  assert.ok(popup.closed, 'the popup closes once it answered')
  assert.is(getAccountState('eip155').connectedWalletInfo.value?.social, 'google')
  assert.is(modalState.open.value, false, 'the login routed the modal: closed')
})

test('the visitor closes the popup: a clear message, and a retry opens a new popup', async () => {
  const popup = fakePopup()
  const calls = stubOpen(popup)
  startSocialLogin('discord')
  await pump(() => popup.location.href !== '')
  popup.close()
  await waitFor(() => socialLogin.value?.phase === 'error')
  assert.is(socialLogin.value?.message, POPUP_CLOSED)
  const second = fakePopup()
  stubOpen(second)
  startSocialLogin('discord')
  assert.is(calls.length, 1)
  assert.is(socialLogin.value?.phase, 'waiting')
  await pump(() => second.location.href !== '')
  assert.is(second.location.href, `${FRAME_ORIGIN}/oauth/discord?state=s1`)
})

test('an answer arriving just after its popup closed still signs in (the secure site closes it right after posting)', async () => {
  const popup = fakePopup()
  stubOpen(popup)
  startSocialLogin('google')
  await pump(() => popup.location.href !== '')
  popup.close()
  // Long enough for the watch to have seen the popup closed, within the grace an answer gets.
  await new Promise((resolve) => setTimeout(resolve, 700))
  frame.send({ resultUri: `${FRAME_ORIGIN}/oauth/result?state=s1&code=c1` }, { source: popup })
  await pump(() => getAccountState('eip155').status.value === 'connected')
  assert.is(getAccountState('eip155').connectedWalletInfo.value?.social, 'google')
  assert.is.not(socialLogin.value?.phase, 'error')
})

test('the provider refuses: its description is shown, nothing is connected', async () => {
  const popup = fakePopup()
  stubOpen(popup)
  startSocialLogin('github')
  await pump(() => popup.location.href !== '')
  frame.send(
    { resultUri: `${FRAME_ORIGIN}/oauth/result?state=s1&error=access_denied&error_description=The+visitor+cancelled` },
    { source: popup },
  )
  await waitFor(() => socialLogin.value?.phase === 'error')
  assert.is(socialLogin.value?.message, 'The visitor cancelled')
  assert.ok(popup.closed)
  assert.not.ok(types().includes('CONNECT_SOCIAL'))
  assert.is(getAccountState('eip155').status.value, 'disconnected')
})

test('no popup possible (blocked): the page leaves for the provider with its URL in the state', async () => {
  stubOpen(null)
  const assigned: string[] = []
  const original = location.assign
  location.assign = (url: string | URL) => void assigned.push(String(url))
  try {
    history.replaceState(null, '', '/app?x=1')
    startSocialLogin('apple')
    assert.is(socialLogin.value?.phase, 'redirecting')
    await pump(() => assigned.length > 0)
  } finally {
    location.assign = original
  }
  const state = new URL(assigned[0]!).searchParams.get('state')
  assert.is(state, `s1--${location.origin}/app?x=1`)
  assert.is(localStorage.getItem(EMBEDDED_KEYS.redirectSocial), '"apple"')
  assert.equal(getConnectedConnectorIds(), { eip155: 'auth' })
})

test('leaving the view closes the popup and forgets the attempt', async () => {
  const popup = fakePopup()
  stubOpen(popup)
  startSocialLogin('x')
  await pump(() => popup.location.href !== '')
  cancelSocialLogin()
  assert.is(socialLogin.value, undefined)
  popup.close()
  await new Promise((resolve) => setTimeout(resolve, 600))
  assert.is(socialLogin.value, undefined, 'a closed popup after leaving is not an error')
})

test.run()
