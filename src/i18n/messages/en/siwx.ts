/** Sign in with the wallet (SIWX). */
export default {
  thisApp: 'This app',
  wantsSignIn: '{app} wants you to sign in',
  explain: 'Sign a message in your wallet to prove this account is yours. Signing is free and sends no transaction.',
  onNetwork: '{account} on {network}',
  openWallet: 'Open your wallet to sign the message.',
  required: 'This app needs you signed in: cancelling disconnects your wallet.',
  signing: 'Signing…',
  sign: 'Sign',
}
