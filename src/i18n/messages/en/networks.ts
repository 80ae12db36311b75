/** Choosing and switching networks (SwitchNetwork, UnsupportedChain, SwitchActiveChain). */
export default {
  networks: 'Networks',
  notApproved: 'Not approved by your wallet',
  unsupported: "This app doesn't support your current network. Switch to an available option to continue.",
  switchDeclined: 'Switch declined',
  // SPEC §8's text when the wallet refuses a switch.
  declinedReason: 'Switch can be declined if chain is not supported by a wallet or previous request is still active',
  switchingTo: 'Switching to {name} network...',
  acceptRequest: 'Accept connection request in your wallet',
  switchTo: 'Switch to {name}',
  notConnectedOn:
    'Your wallet is not connected on {chain}. Connect a wallet that supports {chain} to use {network}; your other connection stays as it is.',
  /** English picks "a" or "an" by the chain's name; other languages may write both the same. */
  connectChainWalletA: 'Connect a {chain} wallet',
  connectChainWalletAn: 'Connect an {chain} wallet',
  evm: 'EVM',
}
