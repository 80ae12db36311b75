/** All Wallets: the searchable list of every WalletConnect wallet. */
export default {
  search: 'Search wallet',
  searching: 'Searching…',
  loading: 'Loading wallets…',
  count: { one: '{count} wallet', other: '{count} wallets' },
  found: { one: '{count} found', other: '{count} found' },
  noneFound: 'No wallet found',
  loadFailed: 'Could not load wallets',
  results: 'Search results',
  /** A row's accessible name: the wallet and its tag. */
  installedLabel: '{name}, installed',
  recommendedLabel: '{name}, recommended',
}
