// The receipt wait of the eip155 adapter when the wallet replaces a pending transaction (SPEC §4
// "Transaction receipt wait"): anvil stops mining, the adapter's transaction waits in the pool, a
// replacement with the same nonce and higher fees is mined instead, and the wait reports how the
// transaction ended. Each case waits one 4 s polling interval of the adapter's client.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAddress, parseEther, toHex, type Hex } from 'viem'
import { createEip155Adapter } from '../../../src/chains/eip155'
import type { ChainAdapter } from '../../../src/core/state/adapters'
import type { CaipNetwork } from '../../../src/core/types'
import {
  PROJECT_ID,
  chainClient,
  endpointsFor,
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
let adapter: ChainAdapter
let l1: CaipNetwork
let wallet: TestWallet
let person: Person
let account: Hex
let recipient: Hex

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  adapter = createEip155Adapter({ projectId: PROJECT_ID, endpoints: endpointsFor(sandbox) })
  ;({ provider: wallet, person } = makeWallet(sandbox))
  account = getAddress(sandbox.accounts.wallet)
  recipient = getAddress(sandbox.accounts.recipient)
  person.willApprove()
  await adapter.connect({ provider: wallet, network: l1 })
  await nodeRpc(sandbox, 31337, 'evm_setAutomine', [false])
})
test.after(async () => {
  await nodeRpc(sandbox, 31337, 'evm_setAutomine', [true]).catch(() => undefined)
  await sandbox?.stop()
})

/**
 * Sends 0.01 ETH through the adapter (left pending), starts the receipt wait, and once the wait
 * has seen the pending transaction, has the node mine `replacement(original)` in its place.
 */
async function replaceWhileWaiting(replacement: (original: { to: Hex; value: bigint }) => { to: Hex; value: bigint }) {
  person.willApprove()
  const hash = (await adapter.sendTransaction({
    provider: wallet,
    network: l1,
    from: account,
    to: recipient,
    amount: '0.01',
  })) as Hex
  const client = chainClient(sandbox, 31337)
  const pending = await client.getTransaction({ hash })
  assert.is(pending.blockNumber, null, 'not mined: automine is off')
  const waiting = adapter.waitForReceipt({ network: l1, hash })
  // The wait must have read the original before it leaves the pool, as a real wallet's would.
  await waitFor(
    () =>
      sandbox
        .requests('rpc')
        .some(
          (request) =>
            (request.body as any)?.method === 'eth_getTransactionByHash' && (request.body as any)?.params?.[0] === hash,
        ),
    { what: 'the receipt wait to read the pending transaction' },
  )
  const { to, value } = replacement({ to: pending.to as Hex, value: pending.value })
  const replacementHash = (await nodeRpc(sandbox, 31337, 'eth_sendTransaction', [
    {
      from: account,
      to,
      value: toHex(value),
      nonce: toHex(pending.nonce),
      gas: toHex(21000n),
      maxFeePerGas: toHex(pending.maxFeePerGas! * 2n),
      maxPriorityFeePerGas: toHex(pending.maxPriorityFeePerGas! * 2n + 1n),
    },
  ])) as Hex
  await nodeRpc(sandbox, 31337, 'evm_mine')
  const outcome = await waiting
  const receipt = await client.getTransactionReceipt({ hash: replacementHash })
  assert.is(receipt.status, 'success')
  assert.is(
    await client.getTransactionReceipt({ hash }).catch(() => undefined),
    undefined,
    'the original was never mined',
  )
  return { outcome, replacementHash }
}

test('a repriced replacement (same transfer, higher fees) is reported as repriced, with its hash', async () => {
  const recipientBefore = await chainClient(sandbox, 31337).getBalance({ address: recipient })
  const { outcome, replacementHash } = await replaceWhileWaiting((original) => original)
  assert.equal(outcome, { hash: replacementHash, status: 'success', replaced: 'repriced' })
  assert.is(
    (await chainClient(sandbox, 31337).getBalance({ address: recipient })) - recipientBefore,
    parseEther('0.01'),
  )
})

test('a cancellation (0 ETH to itself with the same nonce) is reported as cancelled', async () => {
  const recipientBefore = await chainClient(sandbox, 31337).getBalance({ address: recipient })
  const { outcome, replacementHash } = await replaceWhileWaiting(() => ({ to: account, value: 0n }))
  assert.equal(outcome, { hash: replacementHash, status: 'success', replaced: 'cancelled' })
  assert.is(
    await chainClient(sandbox, 31337).getBalance({ address: recipient }),
    recipientBefore,
    'nothing reached the recipient',
  )
})

test.run()
