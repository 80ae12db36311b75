// Wallet list bench on SigKit's CDN build, imported by URL as a plain page would; the baseline
// grid is built with the CDN aliases (Preact).
// @ts-expect-error: a URL import, resolved by the browser
import { createAppKit } from '/cdn/sigkit.js'
import { installWalletBench } from './wallets'

installWalletBench(createAppKit)
