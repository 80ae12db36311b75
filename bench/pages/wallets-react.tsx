// Wallet list bench on SigKit's React build (dist/react.js, aliased as `sigkit/react`).
import { createAppKit } from 'sigkit/react'
import { installWalletBench } from './wallets'

installWalletBench(createAppKit as never)
