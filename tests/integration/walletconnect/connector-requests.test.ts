// SigKit's WalletConnect connector around a connection and its requests, against the WalletKit
// test wallet through the sandbox's relay double: finalizing a connection (SPEC §4: deep link and
// recent wallet stored, CONNECT_SUCCESS with method qrcode or mobile), the permission methods the
// session answers itself (SPEC §6), the 25 s confirmation wait (SPEC §9), and the alerts the
// universal provider's errors open when the relay refuses the project (SPEC §8).
process.env['IS_VITEST'] = 'true'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toHex, verifyMessage, type Hex } from 'viem'
import { createWalletConnectWallet } from '../../../demo/walletconnect-wallet/node.mjs'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { loadUniversalProvider, walletConnectConnector } from '../../../src/connectors/walletconnect'
import { WALLETCONNECT_ALERTS } from '../../../src/connectors/walletconnect/alerts'
import {
  WALLETCONNECT_CONFIRMATION_WAIT_MS,
  confirmationReminder,
} from '../../../src/connectors/walletconnect/requests'
import { subscribeEvents, type EventRecord } from '../../../src/core/analytics'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { validateOptions } from '../../../src/core/config/options'
import { getDeepLink, getRecentWallets } from '../../../src/core/lib/storage'
import { alertState } from '../../../src/core/modal/alerts'
import { toastState } from '../../../src/core/modal/toasts'
import { getAccountState } from '../../../src/core/state/account'
import { connectionSignals, connectionState } from '../../../src/core/state/connection'
import { connect, disconnect } from '../../../src/core/wallet/connect'
import { createManualClock, setClock } from '../../../src/lib/clock'
import type { WalletListing } from '../../../src/core/types'
import { createMemoryStorage, installStorage } from '../../unit/helpers/memory-storage'
import { endpointsFor, networkFor, startSandbox, waitFor, type Sandbox } from '../eip155/helpers'
import { closeSigKitProvider, exitSoon } from './helpers'

const METAMASK: WalletListing = {
  id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  name: 'MetaMask',
  image_id: 'metamask',
  rdns: 'io.metamask',
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: null,
  chains: ['eip155:1'],
} as unknown as WalletListing

let sandbox: Sandbox
let wallet: Awaited<ReturnType<typeof createWalletConnectWallet>>
const events: EventRecord[] = []
/** While set, the wallet's person holds every request until it resolves. */
let holdRequests: Promise<boolean> | undefined
/** Methods of the requests the wallet's person was asked about, as they arrive. */
const arrived: string[] = []

test.before(async () => {
  sandbox = await startSandbox()
  const rpcUrls = Object.fromEntries(sandbox.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  wallet = await createWalletConnectWallet({
    relayUrl: sandbox.relayUrl,
    evm: { rpcUrls },
    approve: (request: { method: string }) => {
      arrived.push(request.method)
      return holdRequests ?? true
    },
  })
  installStorage(createMemoryStorage())
  initCore(
    validateOptions({
      projectId: 'sandbox',
      networks: [networkFor(sandbox, 31337), networkFor(sandbox, 31338)],
      endpoints: { ...endpointsFor(sandbox), relay: sandbox.relayUrl },
      metadata: { name: 'SigKit test dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
      features: { analytics: false },
    }),
  )
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
  subscribeEvents((record) => events.push(record))
})

test.after(async () => {
  await closeSigKitProvider()
  await wallet?.stop()
  await sandbox?.stop()
  exitSoon()
})

/** Connects as the QR view does, the visitor having opened the wallet's link. */
async function connectThroughWallet(listing: WalletListing): Promise<void> {
  const connecting = connect(walletConnectConnector, { wallet: listing })
  const uri = await waitFor(() => connectionState.wcUri.value, { what: 'the pairing URI', timeoutMs: 10_000 })
  connectionSignals.wcLinking.value = { href: `metamask://wc?uri=${encodeURIComponent(uri)}`, name: listing.name }
  await wallet.pair(uri)
  await wallet.approveNextSession()
  await connecting
}

const connectSuccesses = () =>
  events.filter((record) => record.data.event === 'CONNECT_SUCCESS').map((record) => record.data.properties)

test('finalizing a WalletConnect connection stores the deep link and the recent wallet and tracks CONNECT_SUCCESS (qrcode)', async () => {
  assert.is(getDeepLink(), undefined)
  assert.equal(getRecentWallets(), [])
  await connectThroughWallet(METAMASK)

  assert.is(getAccountState('eip155').status.value, 'connected')
  assert.is(getAccountState('eip155').address.value?.toLowerCase(), wallet.evmAddress.toLowerCase())
  const link = getDeepLink()
  assert.is(link?.name, 'MetaMask')
  assert.match(link?.href ?? '', /^metamask:\/\/wc\?uri=wc%3A/)
  assert.equal(
    getRecentWallets().map((entry) => entry.id),
    [METAMASK.id],
  )
  assert.equal(connectSuccesses(), [{ method: 'qrcode', name: 'MetaMask' }])
})

test('wallet_grantPermissions / wallet_revokePermissions the wallet did not approve: empty results, the wallet is not asked', async () => {
  const provider = walletConnectConnector.provider('eip155')!
  // The wallet also answers SigKit's own reads after connecting (wallet_getCapabilities, assets):
  // count what it saw of the methods under test.
  const seen = (method: string) => wallet.requests().filter((record) => record.method === method).length
  const permissionRequests = () => seen('wallet_grantPermissions') + seen('wallet_revokePermissions')
  const signed = seen('personal_sign')
  assert.equal(await provider.request({ method: 'wallet_grantPermissions', params: [{ expiry: 1 }] }), {})
  assert.is(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }), '0x')
  assert.is(permissionRequests(), 0, 'nothing reached the wallet')
  // Any other request still goes to the wallet and comes back signed.
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [toHex('still signing'), wallet.evmAddress],
  })) as Hex
  assert.ok(await verifyMessage({ address: wallet.evmAddress as Hex, message: 'still signing', signature }))
  await waitFor(() => seen('personal_sign') === signed + 1 || undefined, {
    what: 'the signature request at the wallet',
  })
  assert.is(permissionRequests(), 0)
})

test('a request the wallet holds past 25 s reminds the visitor once; the answer still arrives; a quick one reminds nobody', async () => {
  assert.is(WALLETCONNECT_CONFIRMATION_WAIT_MS, 25_000)
  const provider = walletConnectConnector.provider('eip155')!
  const time = createManualClock(Date.now())
  const restore = setClock(time)
  try {
    let release!: (answer: boolean) => void
    holdRequests = new Promise((resolve) => (release = resolve))
    const asked = arrived.length
    const signing = provider.request({ method: 'personal_sign', params: [toHex('slow person'), wallet.evmAddress] })
    await waitFor(() => arrived.length > asked || undefined, { what: 'the request at the wallet' })
    time.advance(WALLETCONNECT_CONFIRMATION_WAIT_MS - 1)
    assert.is(toastState.open.value, false, 'no reminder before 25 s')
    time.advance(1)
    assert.is(toastState.open.value, true)
    assert.is(toastState.message.value, confirmationReminder('SigKit WalletConnect Test Wallet'))
    // The request was not dropped: the person approves late and the dapp gets the signature.
    release(true)
    const signature = (await signing) as Hex
    assert.ok(await verifyMessage({ address: wallet.evmAddress as Hex, message: 'slow person', signature }))

    holdRequests = undefined
    toastState.open.value = false
    await provider.request({ method: 'personal_sign', params: [toHex('quick'), wallet.evmAddress] })
    time.advance(WALLETCONNECT_CONFIRMATION_WAIT_MS * 2)
    assert.is(toastState.open.value, false, 'an answered request reminds nobody')
  } finally {
    holdRequests = undefined
    restore()
  }
})

test('on a phone, CONNECT_SUCCESS says mobile', async () => {
  await disconnect()
  const agent = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', platform: 'iPhone' },
  })
  try {
    events.length = 0
    await connectThroughWallet({ ...METAMASK, id: 'second-wallet', name: 'Second' } as WalletListing)
    assert.equal(connectSuccesses(), [{ method: 'mobile', name: 'Second' }])
    assert.equal(
      getRecentWallets().map((entry) => entry.id),
      ['second-wallet', METAMASK.id],
    )
  } finally {
    if (agent) Object.defineProperty(globalThis, 'navigator', agent)
    else delete (globalThis as { navigator?: unknown }).navigator
  }
})

test('the relay refusing the project or the origin: the universal provider error opens its alert, once', async () => {
  await disconnect()
  const relayer = (await loadUniversalProvider()).client.core.relayer
  try {
    assert.is(alertState.open.value, false)
    // The relay starts refusing the project: the socket it drops comes back for a new pairing and
    // is refused with the hosted relay's reason.
    sandbox.relay.refuse('sandbox', 'Unauthorized: invalid key')
    sandbox.relay.dropAll()
    await waitFor(() => !relayer.connected || undefined, { what: 'the socket closed' })
    const attempt = connect(walletConnectConnector).catch((error: unknown) => error)
    await waitFor(() => alertState.open.value || undefined, { what: 'the alert', timeoutMs: 10_000 })
    assert.is(alertState.code.value, WALLETCONNECT_ALERTS.INVALID_PROJECT_ID.code)
    assert.is(alertState.message.value, 'Invalid App Configuration')
    alertState.open.value = false

    // The page's origin refused (the provider keeps trying): core's invalid-app-configuration alert.
    sandbox.relay.refuse('sandbox', 'Unauthorized: origin not allowed')
    await waitFor(() => alertState.open.value || undefined, { what: 'the origin alert', timeoutMs: 10_000 })
    assert.is(alertState.code.value, 'SK002')
    alertState.open.value = false

    // Refused again for the same reason: no alert a second time.
    const refused = sandbox.relay.stats().refused
    await waitFor(() => sandbox.relay.stats().refused > refused || undefined, {
      what: 'another refusal',
      timeoutMs: 10_000,
    })
    assert.is(alertState.open.value, false)
    // The connection itself failed as one that never showed a code: the relay did not serve it.
    const error = (await attempt) as { reason?: string }
    assert.is(error.reason, 'relay')
  } finally {
    sandbox.relay.refuse('sandbox', undefined)
  }
})

test.run()
