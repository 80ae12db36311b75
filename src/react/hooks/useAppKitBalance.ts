import { useSignals } from '@preact/signals-react/runtime'
import { activeBalance, activeNamespace, getAccountState } from '../../core/state/account'

/** What `fetchBalance` resolves with. */
export interface FetchBalanceResult {
  data: { balance: string; symbol: string } | undefined
  error: string | null
  isSuccess: boolean
  isError: boolean
}

/** What {@link useAppKitBalance} returns. */
export interface UseAppKitBalanceReturnType {
  /** The active account's native balance as it changes (SigKit refreshes it after sends, on focus). */
  balance: string | undefined
  symbol: string | undefined
  /** Fetches the active account's native balance now (bypassing the 30 s cache). */
  fetchBalance(): Promise<FetchBalanceResult>
}

/**
 * The active account's native balance, kept current (beyond AppKit, whose hook only fetches), and
 * `fetchBalance` to fetch it now.
 * @example
 * ```tsx
 * const { balance, symbol, fetchBalance } = useAppKitBalance()
 * const { data } = await fetchBalance() // { balance: '10000.0', symbol: 'ETH' }
 * ```
 */
export function useAppKitBalance(): UseAppKitBalanceReturnType {
  useSignals()
  const current = activeBalance.value
  return { balance: current?.value, symbol: current?.symbol, fetchBalance }
}

async function fetchBalance(): Promise<FetchBalanceResult> {
  const namespace = activeNamespace.peek()
  if (!namespace || getAccountState(namespace).status.peek() !== 'connected') {
    return { data: undefined, error: 'No account connected', isSuccess: false, isError: true }
  }
  const { refreshBalances } = await import('../../core/wallet/balances')
  await refreshBalances(namespace, { force: true })
  const state = getAccountState(namespace)
  const balance = state.balance.peek()
  const symbol = state.balanceSymbol.peek()
  if (balance === undefined || symbol === undefined) {
    return { data: undefined, error: 'Balance unavailable', isSuccess: false, isError: true }
  }
  return { data: { balance, symbol }, error: null, isSuccess: true, isError: false }
}
