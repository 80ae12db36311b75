// Registration with Wallet Standard apps, as the standard's window events define it (what
// @wallet-standard/wallet's registerWallet does, written out so the test wallet has no
// dependencies):
//
//   - the wallet dispatches `wallet-standard:register-wallet` with a callback; an app already
//     listening calls it with its `{ register }` API;
//   - an app that starts later dispatches `wallet-standard:app-ready` with `{ register }`; the
//     wallet listens for it and registers then.

/**
 * @param {Window & typeof globalThis} window
 * @param {object} wallet  a Wallet Standard wallet
 */
export function registerStandardWallet(window, wallet) {
  /** @param {{ register(wallet: object): unknown }} api */
  const callback = ({ register }) => register(wallet)
  try {
    window.dispatchEvent(new window.CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch (error) {
    console.error('wallet-standard:register-wallet could not be dispatched', error)
  }
  window.addEventListener('wallet-standard:app-ready', (event) => {
    const api = /** @type {CustomEvent} */ (event).detail
    if (typeof api?.register === 'function') callback(api)
  })
}
