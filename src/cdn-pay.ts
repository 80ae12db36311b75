/**
 * The CDN build's pay file (`dist/cdn/pay.js`): `openPay` and `PayError`, as in `sigkit/pay`, without
 * the React hook (a page on the CDN build has no React to run it). Built in the same pass as
 * `dist/cdn/sigkit.js`, so `openPay` reaches the modal and state that page already runs.
 * @packageDocumentation
 */
export {
  PayError,
  type PayArguments,
  type PayErrorReason,
  type PayResult,
  type PaymentAsset,
} from './features/pay/arguments'
export { openPay } from './features/pay/open'
