import { getAccountState } from '../../core/state/account'
import { getNetworkState } from '../../core/state/network'
import type { ChainNamespace, TokenBalance } from '../../core/types'

/**
 * What the visitor can send: the account's token balances, with the native currency first when
 * the balance service did not list it (a network it does not cover still has a native balance).
 * Reads signals, so a component calling it re-renders when balances change.
 * @internal
 */
export function sendableTokens(namespace: ChainNamespace): TokenBalance[] {
  const account = getAccountState(namespace)
  const tokens = account.tokenBalance.value
  const network = getNetworkState(namespace).caipNetwork.value
  if (!network || tokens.some((token) => !token.address)) return [...tokens]
  const native: TokenBalance = {
    name: network.nativeCurrency.name,
    symbol: account.balanceSymbol.value ?? network.nativeCurrency.symbol,
    chainId: network.caipNetworkId,
    price: 0,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: account.balance.value ?? '0' },
    iconUrl: '',
  }
  return [native, ...tokens]
}
