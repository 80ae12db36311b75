/** The Account view: profile, network, wallet actions, tabs, tokens, disconnect. */
export default {
  chooseNetwork: 'Choose network',
  walletActions: 'Wallet actions',
  assets: 'Assets',
  tokens: 'Tokens',
  activity: 'Activity',
  nfts: 'NFTs',
  loadingTokens: 'Loading tokens…',
  noTokens: 'No tokens yet',
  tabFailed: 'Could not load {subject}',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting…',
  disconnectFailed: 'Failed to disconnect',
  buy: 'Buy',
  swap: 'Swap',
  receive: 'Receive',
  send: 'Send',
}
