/**
 * The end of every transaction the connected account sends, whichever way it was sent (the Send
 * view, or the dapp through `useAppKitProvider`): the receipt, fresh balances, and the
 * `transactionSent` and `transactionConfirmed` events for the features (activity shows it pending,
 * then mined, without a reload).
 */
import type { ChainAdapter, ReceiptOutcome } from '../state/adapters'
import { emitCoreEvent } from '../lifecycle'
import type { CaipNetwork, ChainNamespace } from '../types'
import { refreshAccountData } from './balances'

/** What {@link waitForTransaction} needs. */
export interface WaitForTransactionParameters {
  namespace: ChainNamespace
  adapter: ChainAdapter
  network: CaipNetwork
  hash: string
}

/**
 * Emits `transactionSent`, waits until the transaction is mined (or replaced), refreshes the
 * account's balances, then emits `transactionConfirmed`. A reverted transaction resolves too: its
 * gas was spent all the same.
 *
 * @throws the adapter's error when the receipt cannot be had.
 * @example
 * ```ts
 * const { status } = await waitForTransaction({ namespace: 'eip155', adapter, network, hash })
 * ```
 */
export async function waitForTransaction({
  namespace,
  adapter,
  network,
  hash,
}: WaitForTransactionParameters): Promise<ReceiptOutcome> {
  void emitCoreEvent('transactionSent', { namespace, hash, caipNetworkId: network.caipNetworkId })
  const outcome = await adapter.waitForReceipt({ network, hash })
  await refreshAccountData(namespace, { force: true })
  void emitCoreEvent('transactionConfirmed', {
    namespace,
    hash: outcome.hash,
    status: outcome.status,
    ...(outcome.hash !== hash ? { replacedHash: hash } : {}),
  })
  return outcome
}
