/**
 * The wallet controllers in one lazy entry: connecting, restoring, disconnecting, switching,
 * balances and signing. One entry instead of several keeps esbuild from cutting the
 * page-load core into more chunks (it splits shared code by which lazy entries use each file).
 */
export {
  connect,
  connectingState,
  disconnect,
  getWalletProvider,
  reconnect,
  type ConnectOptions,
  type ConnectTarget,
} from './connect'
export { switchNetwork, switchingTo } from './switch-network'
export { refreshBalances, refreshAccountData, watchBalancesOnNewBlocks, TOKEN_BALANCE_UNAVAILABLE } from './balances'
export { signMessage, SIGNATURE_DECLINED } from './sign'
export { waitForTransaction, type WaitForTransactionParameters } from './transaction'
