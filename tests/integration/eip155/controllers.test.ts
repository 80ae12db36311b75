// The wallet controllers (src/core/wallet/index.ts) with core configured as the demo configures it:
// the test wallet is an injected connector, the eip155 adapter reads the sandbox through the
// emulator. Asserts what a person would notice (account state, network, balances, the form,
// toasts) and compares balances with viem reading the chains directly.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { effect } from '@preact/signals-core'
import { createWalletClient, custom, getAddress, parseEther, verifyMessage, type Hex } from 'viem'
import { toViemChain } from '../../../src/chains/eip155/client'
import { activeNamespace, getAccountState } from '../../../src/core/state/account'
import { connectionState } from '../../../src/core/state/connection'
import { connectorsState } from '../../../src/core/state/connectors'
import { subscribeEvents, type EventRecord } from '../../../src/core/analytics'
import { modalState } from '../../../src/core/modal/modal'
import { activeCaipNetwork, UNKNOWN_NETWORK_NAME } from '../../../src/core/state/network'
import { currentView } from '../../../src/core/modal/router'
import { getActiveCaipNetworkId, getConnectedConnectorIds } from '../../../src/core/lib/storage'
import { hideToast, toastState } from '../../../src/core/modal/toasts'
import type { CaipNetwork, TokenBalance } from '../../../src/core/types'
import { TOKEN_BALANCE_UNAVAILABLE } from '../../../src/core/wallet/balances'
import { onCoreEvent } from '../../../src/core/lifecycle'
import { SIGNATURE_DECLINED, signMessage } from '../../../src/core/wallet/sign'
import { connect, connectingState, disconnect, getWalletProvider, reconnect } from '../../../src/core/wallet/connect'
import { switchNetwork, switchingTo } from '../../../src/core/wallet/switch-network'
import type { MemoryStorage } from '../../unit/helpers/memory-storage'
import {
  CONNECTOR_ID,
  chainClient,
  codeOf,
  configureCore,
  ethBalanceText,
  makeWallet,
  networkFor,
  publishWallet,
  rejection,
  startSandbox,
  tokenBalanceOf,
  waitFor,
  type Person,
  type Sandbox,
  type TestWallet,
} from './helpers'
import { SEND_ERRORS, resetSend, sendFromForm, sendState } from '../../../src/features/send/controller'
import { resetAllState } from '../../unit/helpers/reset'

let sandbox: Sandbox
let l1: CaipNetwork
let l2: CaipNetwork
let wallet: TestWallet
let walletStorage: ReturnType<typeof makeWallet>['storage']
let person: Person
let pageStorage: MemoryStorage
let account: Hex
let recipient: Hex
const events: EventRecord[] = []
const eip155 = () => getAccountState('eip155')

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  l2 = networkFor(sandbox, 31338)
  ;({ provider: wallet, person, storage: walletStorage } = makeWallet(sandbox))
  pageStorage = configureCore(sandbox, [l1, l2], wallet)
  subscribeEvents((record) => events.push(record))
  account = getAddress(sandbox.accounts.wallet)
  recipient = getAddress(sandbox.accounts.recipient)
})
test.after(() => sandbox?.stop())

/** Waits until the account state shows the chain's balances for `address` on `chainId`. */
async function balancesSettled(chainId: number, address: string) {
  const expected = await ethBalanceText(sandbox, chainId, address)
  await waitFor(
    () =>
      eip155().balance.peek() === expected &&
      !eip155().balanceLoading.peek() &&
      eip155().tokenBalance.peek().length > 0 &&
      eip155()
        .tokenBalance.peek()
        .every((token) => token.chainId === `eip155:${chainId}`),
    { what: `balances of ${address} on ${chainId}` },
  )
}

const numericBySymbol = (tokens: readonly TokenBalance[]) =>
  Object.fromEntries(tokens.map((token) => [token.symbol, token.quantity.numeric]))

test('a declined connect: status back to disconnected, "Connection declined", nothing stored', async () => {
  person.willReject()
  const error = await rejection(connect(CONNECTOR_ID))
  assert.is(codeOf(error), 4001)
  assert.is(eip155().status.peek(), 'disconnected')
  assert.is(eip155().address.peek(), undefined)
  assert.is(connectionState.status.peek(), 'disconnected')
  assert.is(connectingState.error.peek(), 'Connection declined')
  assert.is(connectingState.connectorId.peek(), CONNECTOR_ID)
  assert.equal(getConnectedConnectorIds(), {})
  assert.ok(
    events.some(
      (record) =>
        record.data.event === 'CONNECT_ERROR' && record.data.properties?.['message'] === 'Connection declined',
    ),
  )
})

test('connect: connected with the address, CAIP address, balances (native + 3 tokens) and the stored connector', async () => {
  const statuses: string[] = []
  const stop = effect(() => void statuses.push(eip155().status.value))
  person.willApprove()
  await connect(CONNECTOR_ID)
  stop()
  assert.equal(statuses, ['disconnected', 'connecting', 'connected'])
  assert.is(connectingState.error.peek(), undefined, 'the earlier error is cleared')
  assert.is(eip155().address.peek(), account)
  assert.is(eip155().caipAddress.peek(), `eip155:31337:${account}`)
  assert.equal(eip155().allAccounts.peek(), [{ address: account, type: 'eoa' }])
  assert.equal(eip155().connectedWalletInfo.peek(), {
    name: 'SigKit Test Wallet',
    icon: undefined,
    identifier: 'dev.sigkit.testwallet',
  })
  assert.is(connectionState.status.peek(), 'connected')
  assert.is(activeCaipNetwork.peek()?.caipNetworkId, 'eip155:31337')
  assert.equal(getConnectedConnectorIds(), { eip155: CONNECTOR_ID })
  assert.equal(JSON.parse(pageStorage.getItem('@sigkit/connection_status')!), 'connected')

  await balancesSettled(31337, account)
  assert.is(eip155().balanceSymbol.peek(), 'ETH')
  const tokens = eip155().tokenBalance.peek()
  assert.is(tokens.length, 3, 'native ETH, USDC and SKT lines')
  assert.equal(numericBySymbol(tokens), {
    ETH: await ethBalanceText(sandbox, 31337, account),
    USDC: '1250.5',
    SKT: '42',
  })
  assert.ok(events.some((record) => record.data.event === 'CONNECT_SUCCESS'))
})

test('identity on a non-test network: profile name and avatar from the identity route', async () => {
  await waitFor(() => eip155().profileName.peek(), { what: 'the profile name' })
  assert.is(eip155().profileName.peek(), 'sigkit-tester.eth')
  assert.is(eip155().profileImage.peek(), `${sandbox.apiUrl}/public/getAssetImage/avatar-tester`)
  assert.ok(sandbox.requests('identity').some((request) => request.url.startsWith(`/v1/identity/${account}`)))
})

test('reconnect() after a reload restores the session without a prompt: reconnecting, then connected', async () => {
  // A reload: every core signal and cache is new, localStorage and the extension's storage stay,
  // and the extension announces itself a moment after the page starts.
  const kept = new Map(pageStorage.data)
  await resetAllState()
  pageStorage.data.clear()
  for (const [key, value] of kept) pageStorage.data.set(key, value)
  const reloaded = makeWallet(sandbox, { person, storage: walletStorage })
  wallet = reloaded.provider
  configureCore(sandbox, [l1, l2], wallet, pageStorage)
  connectorsState.value = []
  subscribeEvents((record) => events.push(record)) // the reset dropped the subscription
  assert.is(eip155().status.peek(), 'disconnected')
  assert.is(eip155().address.peek(), undefined)

  const prompts = person.asked.length
  const statuses: string[] = []
  const stop = effect(() => void statuses.push(connectionState.status.value))
  const restoring = reconnect()
  await new Promise((resolve) => setTimeout(resolve, 100))
  publishWallet(wallet)
  await restoring
  stop()
  assert.equal(statuses, ['disconnected', 'reconnecting', 'connected'])
  assert.is(person.asked.length, prompts, 'the wallet never prompted')
  assert.is(eip155().status.peek(), 'connected')
  assert.is(eip155().address.peek(), account)
  assert.is(eip155().caipAddress.peek(), `eip155:31337:${account}`)
  await balancesSettled(31337, account)
  assert.is(eip155().tokenBalance.peek().length, 3)
})

test('signMessage: a signature viem verifies; a refusal rejects with 4001 and shows "Signature declined"', async () => {
  person.willApprove()
  const signature = await signMessage('Sign in to SigKit')
  assert.ok(await verifyMessage({ address: account, message: 'Sign in to SigKit', signature: signature as Hex }))
  hideToast()
  person.willReject()
  const error = await rejection(signMessage('Sign in to SigKit'))
  assert.is(codeOf(error), 4001)
  assert.is(toastState.open.peek(), true)
  assert.is(toastState.message.peek(), SIGNATURE_DECLINED)
  assert.is(toastState.message.peek(), 'Signature declined')
  assert.is(toastState.variant.peek(), 'error')
})

test('sendFromForm validation: each SPEC text, and the wallet is never asked', async () => {
  const prompts = person.asked.length
  const nativeLine = eip155()
    .tokenBalance.peek()
    .find((token) => !token.address)!
  const attempt = async (form: { token?: TokenBalance; amount: string; to: string }, text: string) => {
    resetSend()
    sendState.token.value = form.token
    sendState.amount.value = form.amount
    sendState.receiverAddress.value = form.to
    const error = await rejection(sendFromForm())
    assert.is(error.message, text)
  }
  await attempt({ token: nativeLine, amount: '', to: recipient }, 'An amount and receiver address are required')
  await attempt({ token: nativeLine, amount: '0.01', to: '  ' }, SEND_ERRORS.missingFields)
  await attempt({ amount: '0.01', to: recipient }, 'A token is required')
  await attempt({ token: nativeLine, amount: '0.01', to: '0x1234' }, 'Enter a valid receiver address')
  await attempt({ token: nativeLine, amount: '0', to: recipient }, SEND_ERRORS.invalidAmount)
  activeNamespace.value = 'bip122'
  try {
    await attempt({ token: nativeLine, amount: '0.01', to: recipient }, 'Unsupported chain')
  } finally {
    activeNamespace.value = 'eip155'
  }
  assert.is(person.asked.length, prompts)
  assert.is(sendState.loading.peek(), false)
})

test('sendFromForm: 0.01 ETH sent, the balance refreshes by itself, the form resets', async () => {
  const client = chainClient(sandbox, 31337)
  const before = eip155().balance.peek()!
  const recipientBefore = await client.getBalance({ address: recipient })
  const loading: boolean[] = []
  const stop = effect(() => void loading.push(sendState.loading.value))
  sendState.token.value = eip155()
    .tokenBalance.peek()
    .find((token) => !token.address)
  sendState.amount.value = '0.01'
  sendState.receiverAddress.value = recipient
  person.willApprove()
  const outcome = await sendFromForm()
  stop()
  assert.is(outcome.status, 'success')
  assert.equal(loading, [false, true, false])
  const receipt = await client.getTransactionReceipt({ hash: outcome.hash as Hex })
  const fee = receipt.gasUsed * receipt.effectiveGasPrice
  const after = eip155().balance.peek()!
  assert.is(after, await ethBalanceText(sandbox, 31337, account), 'the account state shows the chain balance')
  assert.is(parseEther(before) - parseEther(after), parseEther('0.01') + fee, 'down by 0.01 ETH plus the fee')
  assert.is(
    eip155()
      .tokenBalance.peek()
      .find((token) => !token.address)!.quantity.numeric,
    after,
    'the token list too',
  )
  assert.is((await client.getBalance({ address: recipient })) - recipientBefore, parseEther('0.01'))
  assert.is(sendState.amount.peek(), '')
  assert.is(sendState.receiverAddress.peek(), '')
  assert.is(sendState.token.peek(), undefined)
  assert.is(sendState.hash.peek(), undefined)
  const success = events.filter((record) => record.data.event === 'SEND_SUCCESS').at(-1)
  assert.equal(success?.data.properties, {
    isSmartAccount: false,
    token: 'ETH',
    amount: '0.01',
    network: 'eip155:31337',
  })
})

test('sendFromForm: 5 USDC, the USDC line follows by itself, the view returns to Account', async () => {
  const usdc = eip155()
    .tokenBalance.peek()
    .find((token) => token.symbol === 'USDC')!
  const recipientBefore = await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)
  sendState.token.value = usdc
  sendState.amount.value = '5'
  sendState.receiverAddress.value = recipient
  person.willApprove()
  const outcome = await sendFromForm()
  assert.is(outcome.status, 'success')
  assert.is((await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)) - recipientBefore, 5_000_000n)
  assert.is(
    eip155()
      .tokenBalance.peek()
      .find((token) => token.symbol === 'USDC')!.quantity.numeric,
    '1245.5',
  )
  assert.is(currentView.peek(), 'Account')
  assert.is(sendState.token.peek(), undefined)
})

test('switchNetwork(l2): the wallet adds 31338, the active network and the balances are those of 31338', async () => {
  person.willApprove()
  const prompts = person.asked.length
  await switchNetwork(l2)
  assert.is(person.asked.length, prompts + 1)
  assert.is(person.asked.at(-1)!.method, 'wallet_addEthereumChain')
  assert.is(wallet.testWallet.currentChainId, 31338)
  assert.is(switchingTo.peek(), undefined)
  assert.is(activeCaipNetwork.peek()?.caipNetworkId, 'eip155:31338')
  assert.is(activeCaipNetwork.peek()?.name, 'Localhost L2')
  assert.is(eip155().caipAddress.peek(), `eip155:31338:${account}`)
  assert.is(getActiveCaipNetworkId(), 'eip155:31338')
  await balancesSettled(31338, account)
  assert.equal(numericBySymbol(eip155().tokenBalance.peek()), {
    ETH: await ethBalanceText(sandbox, 31338, account),
    USDC: '1250.5',
    SKT: '42',
  })
})

test('switchNetwork(l1) back: a plain switch, balances of 31337 again', async () => {
  person.willApprove()
  await switchNetwork(l1)
  assert.is(person.asked.at(-1)!.method, 'wallet_switchEthereumChain')
  assert.is(activeCaipNetwork.peek()?.caipNetworkId, 'eip155:31337')
  await balancesSettled(31337, account)
  assert.is(
    eip155()
      .tokenBalance.peek()
      .find((token) => token.symbol === 'USDC')!.quantity.numeric,
    '1245.5',
  )
  // The network already active: nothing happens, nobody is asked.
  const prompts = person.asked.length
  await switchNetwork(l1)
  assert.is(person.asked.length, prompts)
})

test('a declined switch keeps the network (the SwitchNetwork view then offers Try again)', async () => {
  person.willReject()
  const error = await rejection(switchNetwork(l2))
  assert.is(codeOf(error), 4001)
  assert.is(switchingTo.peek(), undefined)
  assert.is(wallet.testWallet.currentChainId, 31337)
  assert.is(activeCaipNetwork.peek()?.caipNetworkId, 'eip155:31337')
  assert.is(eip155().caipAddress.peek(), `eip155:31337:${account}`)
})

test('accountsChanged from the wallet: the new account with its own balances and no profile name', async () => {
  wallet.testWallet.setAccount(recipient)
  assert.is(eip155().address.peek(), recipient)
  assert.is(eip155().caipAddress.peek(), `eip155:31337:${recipient}`)
  await balancesSettled(31337, recipient)
  const usdcOfRecipient = await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)
  assert.is(
    eip155()
      .tokenBalance.peek()
      .some((token) => token.symbol === 'USDC'),
    usdcOfRecipient > 0n,
    'token lines are the recipient’s',
  )
  await waitFor(async () =>
    sandbox.requests('identity').some((request) => request.url.startsWith(`/v1/identity/${recipient}`)),
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.is(eip155().profileName.peek(), undefined)
  wallet.testWallet.setAccount(account)
  assert.is(eip155().address.peek(), account)
  await balancesSettled(31337, account)
})

test('chainChanged to a chain the dapp does not know: "Unknown Network", UnsupportedChain, no balances', async () => {
  hideToast()
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
  const network = activeCaipNetwork.peek()!
  assert.is(network.name, UNKNOWN_NETWORK_NAME)
  assert.is(network.name, 'Unknown Network')
  assert.is(network.caipNetworkId, 'eip155:999')
  assert.is(eip155().caipAddress.peek(), `eip155:999:${account}`)
  assert.is(eip155().status.peek(), 'connected', 'still connected, on a network the dapp does not support')
  assert.is(modalState.open.peek(), true)
  assert.is(currentView.peek(), 'UnsupportedChain')
  await waitFor(() => toastState.open.peek(), { what: 'a toast' })
  assert.is(toastState.message.peek(), TOKEN_BALANCE_UNAVAILABLE)
  assert.equal(eip155().tokenBalance.peek(), [])
  assert.is(eip155().balance.peek(), undefined)

  // Back to a supported network from the dapp: the wallet is asked to switch.
  person.willApprove()
  await switchNetwork(l1)
  assert.is(activeCaipNetwork.peek()?.caipNetworkId, 'eip155:31337')
  assert.is(currentView.peek(), 'Account', 'the UnsupportedChain view is left')
  await waitFor(async () => eip155().balance.peek() === (await ethBalanceText(sandbox, 31337, account)), {
    what: 'the native balance',
  })
})

test('the dapp’s provider (getWalletProvider): a viem send refreshes the balances once mined; a refusal shows the toast', async () => {
  const { provider, type } = (await getWalletProvider('eip155'))!
  assert.is(type, 'injected')
  const client = createWalletClient({ account, chain: toViemChain(l1), transport: custom(provider) })
  const before = eip155().balance.peek()
  const recipientBefore = await chainClient(sandbox, 31337).getBalance({ address: recipient })
  person.willApprove()
  const hash = await client.sendTransaction({ to: recipient, value: parseEther('0.02') })
  // The balance after the send is read once it is mined (on a loaded machine the read can come first).
  assert.is(
    (await chainClient(sandbox, 31337).waitForTransactionReceipt({ hash, pollingInterval: 50 })).status,
    'success',
  )
  const expected = await ethBalanceText(sandbox, 31337, account)
  assert.is.not(expected, before)
  await waitFor(() => eip155().balance.peek() === expected, { what: 'the balance to follow the send by itself' })
  assert.is(
    (await chainClient(sandbox, 31337).getBalance({ address: recipient })) - recipientBefore,
    parseEther('0.02'),
  )

  hideToast()
  person.willReject()
  const error = await rejection(client.signMessage({ message: 'through the dapp’s provider' }))
  assert.is(codeOf(error), 4001)
  assert.is(toastState.message.peek(), SIGNATURE_DECLINED)
  assert.is(toastState.open.peek(), true)
})

test('core lifecycle events: a send through the dapp’s provider and one from the Send form each end in transactionConfirmed with the mined hash', async () => {
  const confirmed: { namespace: string; hash: string; status: string }[] = []
  const stop = onCoreEvent('transactionConfirmed', (event) => void confirmed.push(event))
  try {
    const { provider } = (await getWalletProvider('eip155'))!
    const client = createWalletClient({ account, chain: toViemChain(l1), transport: custom(provider) })
    person.willApprove()
    const hash = await client.sendTransaction({ to: recipient, value: parseEther('0.001') })
    // By hash: the confirmation of an earlier test's send may still arrive meanwhile.
    const ofHash = (wanted: string) => confirmed.filter((event) => event.hash === wanted)
    await waitFor(() => ofHash(hash).length > 0, { what: 'transactionConfirmed for the provider send' })
    assert.equal(ofHash(hash), [{ namespace: 'eip155', hash, status: 'success' }])

    sendState.token.value = eip155()
      .tokenBalance.peek()
      .find((token) => !token.address)
    sendState.amount.value = '0.001'
    sendState.receiverAddress.value = recipient
    person.willApprove()
    const outcome = await sendFromForm()
    assert.equal(ofHash(outcome.hash!), [{ namespace: 'eip155', hash: outcome.hash, status: 'success' }])
    const receipt = await chainClient(sandbox, 31337).getTransactionReceipt({ hash: outcome.hash as Hex })
    assert.is(receipt.status, 'success', 'the hash is a mined transaction')
  } finally {
    stop()
  }
})

test('disconnect(): address, balances and connector id cleared, status disconnected, the wallet forgets the site', async () => {
  await disconnect()
  assert.is(eip155().status.peek(), 'disconnected')
  assert.is(connectionState.status.peek(), 'disconnected')
  assert.is(eip155().address.peek(), undefined)
  assert.is(eip155().caipAddress.peek(), undefined)
  assert.is(eip155().balance.peek(), undefined)
  assert.equal(eip155().tokenBalance.peek(), [])
  assert.is(eip155().profileName.peek(), undefined)
  assert.is(eip155().connectedWalletInfo.peek(), undefined)
  assert.equal(getConnectedConnectorIds(), {})
  assert.is(wallet.testWallet.authorized, false, 'wallet_revokePermissions reached the wallet')
  assert.ok(events.some((record) => record.data.event === 'DISCONNECT_SUCCESS'))
  // Nothing to restore any more.
  await reconnect()
  assert.is(eip155().status.peek(), 'disconnected')
})

test('accountsChanged [] from the wallet (locked) disconnects', async () => {
  person.willApprove()
  await connect(CONNECTOR_ID)
  assert.is(eip155().status.peek(), 'connected')
  assert.is(person.asked.at(-1)!.method, 'eth_requestAccounts', 'after a disconnect the wallet asks again')
  await balancesSettled(31337, account)
  wallet.testWallet.lock()
  assert.is(eip155().status.peek(), 'disconnected')
  assert.is(eip155().address.peek(), undefined)
  assert.is(eip155().balance.peek(), undefined)
  assert.equal(getConnectedConnectorIds(), {})
  assert.is(connectionState.status.peek(), 'disconnected')
})

test('a disconnect event from the wallet (4900) disconnects', async () => {
  person.willApprove()
  await connect(CONNECTOR_ID)
  assert.is(eip155().status.peek(), 'connected')
  await balancesSettled(31337, account)
  wallet.testWallet.disconnect()
  assert.is(eip155().status.peek(), 'disconnected')
  assert.is(eip155().address.peek(), undefined)
  assert.equal(getConnectedConnectorIds(), {})
  wallet.testWallet.reconnect()
  assert.is(person.pendingAnswers, 0, 'every scripted answer was used')
})

test.run()
