/** Receive. */
export default {
  qrLabel: 'QR code of your address {address}',
  smartAccountNote:
    'This is a smart account: it exists only on the networks it is enabled on, listed here. Only send to it on these networks.',
  smartAccountNetworks: 'Networks this smart account is on',
  networks: 'Receive on these networks',
}
