// SigKit's Solana path end to end without a browser: the real sandbox (LiteSVM behind its JSON-RPC
// server, the API emulator's balance route), the SigKit Test Wallet installed into happy-dom (its
// Solana side registers through the Wallet Standard, like an extension), SigKit's discovery
// listing it once beside its EVM side, and core's controllers: connect, balances, SOL and SPL
// sends with confirmation, message signing, the send validation texts and refusals.
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { address, createSolanaRpc, getBase58Encoder } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { installTestWallet } from '../../../demo/test-wallet/install.js'
import { createAdapter } from '../../../src/chains/solana'
import { startInjectedDiscovery } from '../../../src/connectors/injected'
import { activeNamespace, getAccountState } from '../../../src/core/state/account'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { findConnector } from '../../../src/core/state/connectors'
import type { Connector } from '../../../src/core/connector'
import { validateOptions } from '../../../src/core/config/options'
import { toastState } from '../../../src/core/modal/toasts'
import * as connection from '../../../src/core/wallet/connect'
import * as balances from '../../../src/core/wallet/balances'
import * as sign from '../../../src/core/wallet/sign'
import * as send from '../../../src/features/send/controller'

import {
  CONNECTOR_ID,
  endpointsFor,
  rejection,
  solanaNetworkFor,
  startSandbox,
  waitFor,
  type Sandbox,
} from '../eip155/helpers'

/** The connector with this id once it has a provider for `namespace`. */
function connectorWith(id: string, namespace: 'eip155' | 'solana'): Connector | undefined {
  const connector = findConnector(id) as Connector | undefined
  return connector?.provider?.(namespace) ? connector : undefined
}

// The wallet controllers and the send feature, as one namespace.
const wallet = { ...connection, ...balances, ...sign, ...send }

let sandbox: Sandbox
let controller: any
let rpc: ReturnType<typeof createSolanaRpc>

const lamportsOf = async (owner: string) =>
  (await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value

async function usdcUnitsOf(owner: string): Promise<bigint> {
  const mint = address(sandbox.solana.tokens[0]!.address)
  const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const account = await rpc
    .getTokenAccountBalance(ata, { commitment: 'confirmed' })
    .send()
    .catch(() => undefined)
  return BigInt(account?.value.amount ?? 0)
}

function fill(amount: string, receiver: string, symbol = 'SOL') {
  const token = getAccountState('solana')
    .tokenBalance.peek()
    .find((item) => item.symbol === symbol)
  wallet.sendState.token.value = token
  wallet.sendState.amount.value = amount
  wallet.sendState.receiverAddress.value = receiver
}

test.before(async () => {
  sandbox = await startSandbox()
  // The page after the sandbox: the sandbox's own start-up should not run on happy-dom's fetch.
  GlobalRegistrator.register({ url: 'http://127.0.0.1:5173/' })
  rpc = createSolanaRpc(sandbox.solana.rpcUrl)
  ;(window as any).__SIGKIT_SANDBOX__ = sandbox.sandboxConfig()
  controller = installTestWallet(window as any)
  initCore(
    validateOptions({
      projectId: 'sandbox',
      networks: [solanaNetworkFor(sandbox)],
      endpoints: endpointsFor(sandbox),
      features: { analytics: false },
    }),
  )
  registerAdapter('solana', async () => ({ createAdapter }))
  startInjectedDiscovery()
})

test.after(async () => {
  // happy-dom first: its pending requests would otherwise fail loudly against stopped servers.
  await GlobalRegistrator.unregister()
  await sandbox?.stop()
})

test('the test wallet is one connector with an EVM and a Solana provider; connecting it grants the Solana account', async () => {
  const connector = await waitFor(() => connectorWith(CONNECTOR_ID, 'solana'), {
    what: 'the wallet',
    timeoutMs: 10_000,
  })
  assert.equal([...connector.chains].sort(), ['eip155', 'solana'])
  controller.approveNext()
  await wallet.connect(CONNECTOR_ID)
  const account = getAccountState('solana')
  assert.is(activeNamespace.value, 'solana', 'the active network is Solana, so the Solana side connected')
  assert.is(account.address.value, sandbox.solana.accounts.wallet)
  assert.is(account.caipAddress.value, `${sandbox.solana.caipNetworkId}:${sandbox.solana.accounts.wallet}`)
  assert.is(getAccountState('eip155').status.value, 'disconnected', 'the EVM side was not asked')
})

test('balances: SOL from the RPC to the lamport, USDC from the balance route', async () => {
  await wallet.refreshAccountData('solana', { force: true })
  const account = getAccountState('solana')
  const lamports = await lamportsOf(sandbox.solana.accounts.wallet)
  const expected = Number(lamports) / 1e9
  assert.is(Number(account.balance.value), expected)
  assert.is(account.balanceSymbol.value, 'SOL')
  const usdc = account.tokenBalance.value.find((token) => token.symbol === 'USDC')
  assert.is(usdc?.quantity.numeric, String(Number(await usdcUnitsOf(sandbox.solana.accounts.wallet)) / 1e6))
})

test('send 0.1 SOL: confirmed, the recipient gets exactly 100 000 000 lamports, the balance refreshes', async () => {
  const { wallet: from, recipient } = sandbox.solana.accounts
  const [fromBefore, toBefore] = await Promise.all([lamportsOf(from), lamportsOf(recipient)])
  fill('0.1', recipient)
  controller.approveNext()
  const outcome = await wallet.sendFromForm()
  assert.is(outcome.status, 'success')
  assert.ok(getBase58Encoder().encode(outcome.hash).length === 64, 'a Solana signature')
  assert.is((await lamportsOf(recipient)) - toBefore, 100_000_000n)
  const fromAfter = await lamportsOf(from)
  assert.ok(
    fromBefore - fromAfter >= 100_000_000n && fromBefore - fromAfter < 100_100_000n,
    'the amount plus a small fee',
  )
  assert.is(getAccountState('solana').balance.value, String(Number(fromAfter) / 1e9), 'refreshed after the send')
  assert.is(wallet.sendState.amount.value, '', 'the form is reset')
})

test('send 5 USDC: an SPL transferChecked that creates the recipient token account', async () => {
  const { wallet: from, recipient } = sandbox.solana.accounts
  const [fromBefore, toBefore] = await Promise.all([usdcUnitsOf(from), usdcUnitsOf(recipient)])
  fill('5', recipient, 'USDC')
  controller.approveNext()
  assert.is((await wallet.sendFromForm()).status, 'success')
  assert.is((await usdcUnitsOf(recipient)) - toBefore, 5_000_000n)
  assert.is(fromBefore - (await usdcUnitsOf(from)), 5_000_000n)
})

test('validation texts, and nothing is sent', async () => {
  const before = await lamportsOf(sandbox.solana.accounts.wallet)
  fill('', sandbox.solana.accounts.recipient)
  assert.is((await rejection(wallet.sendFromForm())).message, wallet.SEND_ERRORS.missingFields)
  fill('0.1', '')
  assert.is((await rejection(wallet.sendFromForm())).message, wallet.SEND_ERRORS.missingFields)
  fill('0.1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  assert.is(
    (await rejection(wallet.sendFromForm())).message,
    wallet.SEND_ERRORS.invalidReceiver,
    'an EVM address is not a Solana one',
  )
  fill('-1', sandbox.solana.accounts.recipient)
  assert.is((await rejection(wallet.sendFromForm())).message, wallet.SEND_ERRORS.invalidAmount)
  fill('0.0000000001', sandbox.solana.accounts.recipient)
  assert.match((await rejection(wallet.sendFromForm())).message, /more than 9 decimals/)
  assert.equal(controller.pending, [], 'the wallet was never asked')
  assert.is(await lamportsOf(sandbox.solana.accounts.wallet), before)
})

test("an overdraft fails with the node's reason and moves nothing; a refusal in the wallet sends nothing", async () => {
  const { wallet: from, recipient } = sandbox.solana.accounts
  const before = await lamportsOf(recipient)
  fill('5000', recipient)
  controller.approveNext()
  const overdraft = await rejection(wallet.sendFromForm())
  assert.ok(overdraft.message.length > 0)
  fill('0.1', recipient)
  controller.rejectNext()
  const refused = await rejection(wallet.sendFromForm())
  assert.match(refused.message, /reject/i)
  assert.is(await lamportsOf(recipient), before)
  assert.is(wallet.sendState.amount.value, '0.1', 'what the visitor typed is kept after a failure')
  assert.ok((await lamportsOf(from)) > 0n)
})

test('sign a message: a base58 ed25519 signature that verifies against the address; declining shows the toast', async () => {
  const message = 'Sign in to the SigKit sandbox'
  controller.approveNext()
  const signature = await wallet.signMessage(message, 'solana')
  const key = await crypto.subtle.importKey(
    'raw',
    getBase58Encoder().encode(sandbox.solana.accounts.wallet) as Uint8Array<ArrayBuffer>,
    'Ed25519',
    false,
    ['verify'],
  )
  assert.ok(
    await crypto.subtle.verify(
      'Ed25519',
      key,
      getBase58Encoder().encode(signature) as Uint8Array<ArrayBuffer>,
      new TextEncoder().encode(message),
    ),
  )
  controller.rejectNext()
  await rejection(wallet.signMessage('no', 'solana'))
  assert.is(toastState.message.value, wallet.SIGNATURE_DECLINED)
})

test('disconnect ends the Solana connection and asks the wallet to forget the site', async () => {
  await wallet.disconnect('solana')
  assert.is(getAccountState('solana').status.value, 'disconnected')
  assert.equal(controller.solana.accounts, [], 'the wallet forgot the site')
})

test.run()
