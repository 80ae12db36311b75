/**
 * `sigkit/qr` (the CDN build: `dist/cdn/qr.js`): the QR encoder SigKit's modal uses, for a dapp
 * that draws its own connect screen with the headless API (`appKit.subscribeWalletConnectUri`).
 * Its own entry: a page that does not import it never loads it.
 *
 * @example
 * ```ts
 * import { encodeQrCode } from 'sigkit/qr'
 *
 * appKit.subscribeWalletConnectUri(({ wcUri }) => {
 *   if (!wcUri) return
 *   const { size, path } = encodeQrCode(wcUri)
 *   svg.setAttribute('viewBox', `0 0 ${size} ${size}`)
 *   svg.querySelector('path').setAttribute('d', path)
 * })
 * ```
 */
export { encodeQrCode } from './lib/qr'
export type { QrCodeMatrix, QrCodeOptions } from './lib/qr'
