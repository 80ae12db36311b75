/** The Connect view and its wallet rows. Loads with the first open. */
export default {
  walletsSection: 'Connect a wallet',
  wallets: 'Wallets',
  noWallet: 'No wallet detected in this browser.',
  allWallets: 'All Wallets',
  poweredBy: 'Powered by SigKit',
  otherWallets: 'Other wallets',
  installed: 'Installed',
  recommended: 'Recommended',
}
