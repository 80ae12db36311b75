// Sign-in over SigKit's own WalletConnect connector, against the WalletKit test wallet through the
// sandbox's relay double. With only EVM networks, connecting is WalletConnect's one-click auth: the
// wallet signs the sign-in message per chain while it connects, and the sessions land in the
// dapp's SIWX config (here sigkit/siwx's, checking signatures with viem) without a second prompt.
// A wallet without one-click auth answers the fallback proposal, and with a Solana network in the
// list one-click auth is not used at all (SPEC §4): both then sign in through SIWXSignMessage.
process.env['IS_VITEST'] = 'true'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAddress, verifyMessage, type Hex } from 'viem'
import { createWalletConnectWallet } from '../../../demo/walletconnect-wallet/node.mjs'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { createAdapter as createSolanaAdapter } from '../../../src/chains/solana'
import { walletConnectConnector } from '../../../src/connectors/walletconnect'
import { connect, disconnect } from '../../../src/core/wallet/connect'
import type { WalletListing, CaipNetwork } from '../../../src/core/types'

/** Connects through WalletConnect as its view does (core's connect with the connector). */
const connectWalletConnect = (wallet?: WalletListing) => connect(walletConnectConnector, wallet ? { wallet } : {})
import { activeNamespace, getAccountState } from '../../../src/core/state/account'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { startSignIn } from '../../../src/features/siwx/sign-in'
import { connectionState } from '../../../src/core/state/connection'
import { createLocalSIWX, LOCAL_SIWX_STORAGE_KEY } from '../../../src/features/siwx/local-siwx'
import { closeModal, modalState, openModal } from '../../../src/core/modal/modal'
import { validateOptions } from '../../../src/core/config/options'
import { currentView } from '../../../src/core/modal/router'
import type { SIWXSession } from '../../../src/core/config/siwx'
import { signMessage } from '../../../src/core/wallet/sign'
import { signIn } from '../../../src/features/siwx/controller'
import { createMemoryStorage, installStorage } from '../../unit/helpers/memory-storage'
import { endpointsFor, networkFor, solanaNetworkFor, startSandbox, waitFor, type Sandbox } from '../eip155/helpers'
import { closeSigKitProvider, exitSoon, rejection, sandboxSolanaSecretKey } from './helpers'

type Wallet = Awaited<ReturnType<typeof createWalletConnectWallet>>

let sandbox: Sandbox
let oneClickWallet: Wallet
let plainWallet: Wallet
let l1: CaipNetwork
let l2: CaipNetwork
const sessionStorage = createMemoryStorage()

const storedSessions = (): SIWXSession[] => JSON.parse(sessionStorage.getItem(LOCAL_SIWX_STORAGE_KEY) ?? '[]')
const personalSigns = (wallet: Wallet) =>
  wallet.requests().filter((request: { method: string }) => request.method === 'personal_sign').length

/** Core as a dapp sets it up with `siwx` and these networks. */
function configure(networks: CaipNetwork[]) {
  const siwx = createLocalSIWX({
    storage: sessionStorage,
    statement: 'Sign in to the SigKit test dapp.',
    verify: (session) =>
      verifyMessage({
        address: session.data.accountAddress as Hex,
        message: session.message,
        signature: session.signature as Hex,
      }),
  })
  initCore(
    validateOptions({
      projectId: 'sandbox',
      networks,
      endpoints: { ...endpointsFor(sandbox), relay: sandbox.relayUrl },
      metadata: { name: 'SigKit test dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
      features: { analytics: false },
      siwx,
    }),
  )
  // As createAppKit does when the siwx option is set.
  startSignIn()
}

/** Starts a WalletConnect connection from an open modal and hands its URI to `wallet`. */
async function startConnecting(wallet: Wallet): Promise<{ connecting: Promise<void> }> {
  await openModal({ view: 'ConnectingWalletConnect' })
  const connecting = connectWalletConnect()
  const uri = await waitFor(() => connectionState.wcUri.value, { what: 'the pairing URI', timeoutMs: 10_000 })
  // Not awaited: pairing resolves only once the wallet has handled what arrives on the pairing.
  void wallet.pair(uri)
  // Wrapped: an async function returning the promise itself would wait for it.
  return { connecting }
}

async function reset() {
  await disconnect()
  closeModal()
  sessionStorage.removeItem(LOCAL_SIWX_STORAGE_KEY)
}

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  l2 = networkFor(sandbox, 31338)
  const rpcUrls = Object.fromEntries(sandbox.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  const solana = {
    secretKey: sandboxSolanaSecretKey(sandbox.solana.accounts.wallet),
    chains: [sandbox.solana.caipNetworkId],
  }
  oneClickWallet = await createWalletConnectWallet({ relayUrl: sandbox.relayUrl, evm: { rpcUrls }, solana })
  plainWallet = await createWalletConnectWallet({
    relayUrl: sandbox.relayUrl,
    evm: { rpcUrls },
    solana,
    oneClickAuth: false,
  })
  installStorage(createMemoryStorage())
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
  registerAdapter('solana', async () => ({ createAdapter: createSolanaAdapter }))
})

test.after(async () => {
  await closeSigKitProvider()
  await oneClickWallet?.stop()
  await plainWallet?.stop()
  await sandbox?.stop()
  exitSoon()
})

test('EVM networks only: one-click auth connects and signs in at once, one verified session per chain, no sign view', async () => {
  configure([l1, l2])
  const { connecting } = await startConnecting(oneClickWallet)
  const request = await oneClickWallet.nextAuthRequest()
  assert.equal(request.authPayload.chains, ['eip155:31337', 'eip155:31338'], 'the active chain first')
  assert.is(request.authPayload.statement, 'Sign in to the SigKit test dapp.')
  assert.match(request.authPayload.nonce, /^[0-9a-f]{32}$/, "the dapp's nonce")
  await oneClickWallet.approveAuthRequest(request)
  await connecting

  const account = getAccountState('eip155')
  assert.is(account.status.value, 'connected')
  assert.is(getAddress(account.address.value!), getAddress(oneClickWallet.evmAddress))
  const sessions = storedSessions()
  assert.equal(sessions.map((session) => session.data.chainId).sort(), ['eip155:31337', 'eip155:31338'])
  for (const session of sessions) {
    assert.is(getAddress(session.data.accountAddress), getAddress(oneClickWallet.evmAddress))
    assert.is(session.data.nonce, request.authPayload.nonce)
    assert.ok(session.cacao, 'the signed CACAO is kept with the session')
    assert.ok(
      await verifyMessage({
        address: oneClickWallet.evmAddress,
        message: session.message,
        signature: session.signature as Hex,
      }),
      session.data.chainId,
    )
  }
  // Signed in already: the modal closed instead of asking again.
  await waitFor(() => !modalState.open.value, { what: 'the modal to close' })
  assert.is(personalSigns(oneClickWallet), 0, 'no second signature was asked')

  // The session is a normal one: signing over it works.
  const signature = (await signMessage('Hello after one-click sign-in', 'eip155')) as Hex
  assert.ok(
    await verifyMessage({ address: oneClickWallet.evmAddress, message: 'Hello after one-click sign-in', signature }),
  )

  // Disconnecting signs out on every chain (createLocalSIWX's default).
  await disconnect()
  assert.equal(storedSessions(), [])
  closeModal()
})

test('the wallet refuses the sign-in: nothing is connected and no session is kept', async () => {
  configure([l1, l2])
  const { connecting } = await startConnecting(oneClickWallet)
  await oneClickWallet.rejectNextAuthRequest()
  await rejection(connecting)
  assert.ok(connectionState.wcError.value, 'the WalletConnect view shows the failure')
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.equal(storedSessions(), [])
  await reset()
})

test('a wallet without one-click auth answers the fallback proposal; SIWXSignMessage then signs in over the session', async () => {
  configure([l1, l2])
  const { connecting } = await startConnecting(plainWallet)
  await plainWallet.approveNextSession()
  await connecting
  assert.is(getAccountState('eip155').status.value, 'connected')
  await waitFor(() => modalState.open.value && currentView.value === 'SIWXSignMessage', { what: 'the sign view' })

  await signIn()
  const [session, ...others] = storedSessions()
  assert.is(others.length, 0)
  assert.is(session?.data.chainId, 'eip155:31337')
  assert.ok(
    await verifyMessage({
      address: plainWallet.evmAddress,
      message: session!.message,
      signature: session!.signature as Hex,
    }),
  )
  assert.is(modalState.open.value, false)
  await reset()
})

test('with a Solana network in the list, one-click auth is not used: a session proposal, then SIWXSignMessage', async () => {
  configure([l1, solanaNetworkFor(sandbox)])
  const { connecting } = await startConnecting(oneClickWallet)
  const proposal = await oneClickWallet.nextProposal()
  assert.ok(proposal.requested.solana, 'the proposal asks for Solana too')
  await oneClickWallet.approveSession(proposal)
  await connecting
  assert.is(getAccountState('solana').status.value, 'connected')
  assert.is(getAccountState('eip155').status.value, 'connected')
  await waitFor(() => modalState.open.value && currentView.value === 'SIWXSignMessage', { what: 'the sign view' })
  assert.is(activeNamespace.value, 'eip155')
  const signaturesBefore = personalSigns(oneClickWallet)
  await signIn()
  // The wallet records a request once its answer is out: the dapp may hear first.
  await waitFor(() => personalSigns(oneClickWallet) === signaturesBefore + 1, {
    what: 'the wallet to record one personal_sign',
  })
  assert.is(storedSessions().length, 1)
  await reset()
})

test.run()
