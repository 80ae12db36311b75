/** Words many views share. Loads with the first open. */
export default {
  tryAgain: 'Try again',
  retry: 'Retry',
  cancel: 'Cancel',
  close: 'Close',
  done: 'Done',
  edit: 'Edit',
  connect: 'Connect',
  amount: 'Amount',
  network: 'Network',
  networkFee: 'Network fee',
  max: 'Max',
  quote: 'Quote',
  switchNetwork: 'Switch network',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyLinkFailed: 'Could not copy the link',
  copyAddress: 'Copy address',
  addressCopied: 'Address copied',
  copyAddressFailed: 'Could not copy the address',
  approveInWallet: 'Approve in wallet',
  /** A value that is not known (yet): a dash in a table cell. */
  unknownValue: '—',
  /** A US-dollar estimate beside an amount. */
  approximately: '≈ {value}',
}
