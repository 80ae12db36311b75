/** The connect button (`<AppKitButton/>`, `<appkit-button>`): loads with the page. */
export default {
  connect: 'Connect Wallet',
  connecting: 'Connecting...',
}
