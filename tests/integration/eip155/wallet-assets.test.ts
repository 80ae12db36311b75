// SPEC §7 with a wallet that has no EIP-5792: the injected SigKit Test Wallet answers
// wallet_getCapabilities with 4200, so the token list comes from the balance API (the sandbox's
// emulator, computing it from the chain), and the wallet is not asked again while connected.
// The wallets that do list assets are in tests/integration/walletconnect/wallet-assets.test.ts
// and tests/integration/embedded/wallet-assets.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatUnits, getAddress } from 'viem'
import { getAccountState } from '../../../src/core/state/account'
import { refreshBalances } from '../../../src/core/wallet/balances'
import { connect } from '../../../src/core/wallet/connect'
import {
  CONNECTOR_ID,
  configureCore,
  loggingProvider,
  makeWallet,
  networkFor,
  startSandbox,
  tokenBalanceOf,
  waitFor,
  type LoggedCall,
  type Sandbox,
} from './helpers'

let sandbox: Sandbox
const log: LoggedCall[] = []
const eip155 = () => getAccountState('eip155')

test.before(async () => {
  sandbox = await startSandbox()
  const { provider, person } = makeWallet(sandbox)
  configureCore(sandbox, [networkFor(sandbox, 31337)], loggingProvider(provider, log))
  person.willApprove()
  await connect(CONNECTOR_ID)
})
test.after(async () => {
  await sandbox?.stop()
})

test('a wallet without wallet_getCapabilities (4200): the balance API lists the tokens, as on the chain', async () => {
  await waitFor(() => eip155().tokenBalance.peek().length > 0, { what: 'the token list' })
  const asked = log.filter((entry) => entry.method === 'wallet_getCapabilities')
  assert.is(asked.length, 1)
  assert.is(asked[0]!.error?.code, 4200)
  assert.is(
    log.filter((entry) => entry.method === 'wallet_getAssets').length,
    0,
    'no asset listing without the capability',
  )
  assert.is(sandbox.requests('balance').length, 1)
  const account = getAddress(sandbox.accounts.wallet)
  const usdc = eip155()
    .tokenBalance.peek()
    .find((token) => token.symbol === 'USDC')
  assert.is(usdc?.quantity.numeric, formatUnits(await tokenBalanceOf(sandbox, 31337, 'USDC', account), 6))
})

test('later refreshes go straight to the balance API: the capability answer holds for the connection', async () => {
  await refreshBalances('eip155', { force: true })
  await refreshBalances('eip155', { force: true })
  assert.is(log.filter((entry) => entry.method === 'wallet_getCapabilities').length, 1)
  assert.is(sandbox.requests('balance').length, 3)
})

test.run()
