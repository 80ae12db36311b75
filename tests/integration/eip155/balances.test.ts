// Balances of a connected account when the balance service misbehaves (SPEC §4/§5/§8/§9): a
// failing route blocks token fetches for 30 s and says 'Token Balance Unavailable' while the
// native balance keeps following the chain; a malformed reply is ignored; concurrent refreshes
// share one request. Core's clock runs on an offset so the 30 s window passes instantly.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAddress, parseEther, toHex, type Hex } from 'viem'
import { getAccountState } from '../../../src/core/state/account'
import { setClock } from '../../../src/lib/clock'
import { hideToast, toastState } from '../../../src/core/modal/toasts'
import type { CaipNetwork, TokenBalance } from '../../../src/core/types'
import { TOKEN_BALANCE_UNAVAILABLE, refreshAccountData, refreshBalances } from '../../../src/core/wallet/balances'
import { connect } from '../../../src/core/wallet/connect'
import { switchNetwork } from '../../../src/core/wallet/switch-network'
import { activeCaipNetwork } from '../../../src/core/state/network'
import {
  CONNECTOR_ID,
  configureCore,
  ethBalanceText,
  makeWallet,
  networkFor,
  nodeRpc,
  startSandbox,
  waitFor,
  type Person,
  type Sandbox,
  type TestWallet,
} from './helpers'

let sandbox: Sandbox
let l1: CaipNetwork
let account: Hex
let recipient: Hex
let wallet: TestWallet
let person: Person
let offsetMs = 0
let restoreClock: () => void
const eip155 = () => getAccountState('eip155')
const balanceRequests = () => sandbox.requests('balance').length
// A native balance read: eth_getBalance, or Multicall3's getEthBalance (0x4d2301cc) inside an
// aggregate3 eth_call, which viem uses when the network names its Multicall3 (the sandbox's do).
const nativeReads = () =>
  sandbox.requests('rpc').filter((request) => {
    const { method, params } = (request.body ?? {}) as { method?: string; params?: [{ data?: string }] }
    return method === 'eth_getBalance' || (method === 'eth_call' && params?.[0]?.data?.includes('4d2301cc'))
  }).length

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  ;({ provider: wallet, person } = makeWallet(sandbox))
  configureCore(sandbox, [l1, networkFor(sandbox, 31338)], wallet)
  restoreClock = setClock({ now: () => Date.now() + offsetMs })
  account = getAddress(sandbox.accounts.wallet)
  recipient = getAddress(sandbox.accounts.recipient)
  person.willApprove()
  await connect(CONNECTOR_ID)
  const expected = await ethBalanceText(sandbox, 31337, account)
  await waitFor(
    () =>
      eip155().balance.peek() === expected && eip155().tokenBalance.peek().length === 3 && eip155().profileName.peek(),
    {
      what: 'the balances and identity after connecting',
    },
  )
})
test.after(async () => {
  restoreClock?.()
  await sandbox?.stop()
})

/** Moves the native balance on the chain itself (anvil signs for its unlocked account). */
async function spendOnChain(amount: string) {
  const hash = await nodeRpc(sandbox, 31337, 'eth_sendTransaction', [
    { from: account, to: recipient, value: toHex(parseEther(amount)) },
  ])
  // Anvil answers before its automine has always written the block: wait for the receipt.
  await waitFor(() => nodeRpc(sandbox, 31337, 'eth_getTransactionReceipt', [hash]), {
    what: 'the transfer to be mined',
  })
}

test('identity on a non-test network: sigkit-tester.eth, looked up once', () => {
  assert.is(eip155().profileName.peek(), 'sigkit-tester.eth')
  assert.is(sandbox.requests('identity').length, 1)
})

test('concurrent refreshes (5 at once, forced) make exactly one balance request and one native read', async () => {
  const before = balanceRequests()
  const nativeBefore = nativeReads()
  await Promise.all(Array.from({ length: 5 }, () => refreshBalances('eip155', { force: true })))
  assert.is(balanceRequests(), before + 1)
  assert.is(nativeReads(), nativeBefore + 1)
  assert.ok(
    sandbox.requests('balance').at(-1)!.url.includes('forceUpdate='),
    'forced: the service is told to skip its cache',
  )
})

test('within 30 s an unforced refresh is served from the caches', async () => {
  const before = balanceRequests()
  const nativeBefore = nativeReads()
  await refreshBalances('eip155')
  assert.is(balanceRequests(), before)
  assert.is(nativeReads(), nativeBefore)
})

let tokensBeforeFailure: readonly TokenBalance[]

test('balance route failing (500): "Token Balance Unavailable", lastRetry set, the token list kept', async () => {
  tokensBeforeFailure = eip155().tokenBalance.peek()
  hideToast()
  sandbox.faults.set({ route: 'balance', mode: '500' })
  const before = balanceRequests()
  const startedAt = Date.now() + offsetMs
  await refreshBalances('eip155', { force: true })
  assert.is(balanceRequests(), before + 1)
  assert.is(toastState.open.peek(), true)
  assert.is(toastState.message.peek(), TOKEN_BALANCE_UNAVAILABLE)
  assert.is(toastState.message.peek(), 'Token Balance Unavailable')
  assert.is(toastState.variant.peek(), 'error')
  const lastRetry = eip155().lastRetry.peek()
  assert.type(lastRetry, 'number')
  assert.ok(lastRetry! >= startedAt && lastRetry! <= Date.now() + offsetMs)
  assert.is(eip155().tokenBalance.peek(), tokensBeforeFailure, 'what the visitor saw stays')
  assert.is(eip155().balanceLoading.peek(), false)
})

test('a second refresh within 30 s makes no balance request, and the native balance still follows the chain', async () => {
  await spendOnChain('0.5')
  const expected = await ethBalanceText(sandbox, 31337, account)
  assert.is.not(eip155().balance.peek(), expected, 'the chain moved')
  hideToast()
  const before = balanceRequests()
  await refreshBalances('eip155', { force: true })
  assert.is(balanceRequests(), before, 'the failing route is left alone')
  assert.is(eip155().balance.peek(), expected)
  assert.is(toastState.open.peek(), false, 'no new toast for a skipped fetch')
  // The service recovers, but the window is not over yet.
  sandbox.faults.clear('balance')
  offsetMs += 29_000
  await refreshAccountData('eip155', { force: true })
  assert.is(balanceRequests(), before)
})

test('after 30 s token balances are fetched again', async () => {
  offsetMs += 2_000
  const before = balanceRequests()
  await refreshBalances('eip155', { force: true })
  assert.is(balanceRequests(), before + 1)
  const native = eip155()
    .tokenBalance.peek()
    .find((token) => !token.address)
  assert.is(native?.quantity.numeric, await ethBalanceText(sandbox, 31337, account))
  assert.is(eip155().tokenBalance.peek().length, 3)
})

test('a malformed balance body is ignored: the token list stays, no toast, no retry block', async () => {
  const tokens = eip155().tokenBalance.peek()
  const lastRetry = eip155().lastRetry.peek()
  hideToast()
  sandbox.faults.set({ route: 'balance', mode: 'malformed', times: 1 })
  const before = balanceRequests()
  await refreshBalances('eip155', { force: true })
  assert.is(balanceRequests(), before + 1, 'the malformed reply was fetched')
  assert.equal(eip155().tokenBalance.peek(), tokens)
  assert.is(eip155().tokenBalance.peek().length, 3)
  assert.is(toastState.open.peek(), false)
  assert.is(eip155().lastRetry.peek(), lastRetry)
  // The next refresh goes to the (recovered) service straight away.
  await refreshBalances('eip155', { force: true })
  assert.is(balanceRequests(), before + 2)
  assert.is(eip155().tokenBalance.peek().length, 3)
})

test('invalid JSON from the balance route is ignored the same way', async () => {
  const tokens = eip155().tokenBalance.peek()
  hideToast()
  sandbox.faults.set({ route: 'balance', mode: 'invalid-json', times: 1 })
  const before = balanceRequests()
  await refreshBalances('eip155', { force: true })
  assert.is(balanceRequests(), before + 1)
  assert.equal(eip155().tokenBalance.peek(), tokens)
  assert.is(toastState.open.peek(), false)
})

test('inside the retry window a network switch shows no token lines of the old network', async () => {
  offsetMs += 31_000
  sandbox.faults.set({ route: 'balance', mode: '500', times: 1 })
  await refreshBalances('eip155', { force: true })
  assert.type(eip155().lastRetry.peek(), 'number')
  assert.is(eip155().tokenBalance.peek().length, 3, 'the 31337 lines are still shown on 31337')
  person.willApprove()
  await switchNetwork(networkFor(sandbox, 31338))
  assert.is(activeCaipNetwork.peek()?.caipNetworkId, 'eip155:31338')
  const expected = await ethBalanceText(sandbox, 31338, account)
  await waitFor(() => eip155().balance.peek() === expected && !eip155().balanceLoading.peek(), {
    what: 'the 31338 native balance',
  })
  assert.equal(
    eip155()
      .tokenBalance.peek()
      .filter((token) => token.chainId !== 'eip155:31338'),
    [],
    'no line of another network is shown as this network’s',
  )
})

test('inside the retry window a switch to an unknown chain still shows no balances', async () => {
  person.willApprove()
  await wallet.request({
    method: 'wallet_addEthereumChain',
    params: [
      {
        chainId: '0x3e7',
        chainName: 'Elsewhere',
        rpcUrls: ['http://127.0.0.1:9'],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
  })
  assert.is(activeCaipNetwork.peek()?.name, 'Unknown Network')
  await waitFor(() => !eip155().balanceLoading.peek())
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.equal(eip155().tokenBalance.peek(), [])
  assert.is(eip155().balance.peek(), undefined)
})

test.run()
