// @ts-check
// The WalletConnect test wallet in Node, for integration tests and scripts: pairs with a dapp's
// `wc:` URI through the sandbox relay and answers requests with anvil's account #0 (EVM), a fixed
// ed25519 key (Solana) and a fixed secp256k1 key (Bitcoin).
//
//   const wallet = await createWalletConnectWallet({ relayUrl: sandbox.relayUrl, evm: { rpcUrls: { 31337: url, 31338: url } } })
//   provider.on('display_uri', (uri) => wallet.pair(uri))
//   const [session] = await Promise.all([wallet.approveNextSession(), provider.connect({ … })])
//   const [{ session, auths }] = await Promise.all([provider.authenticate({ … }), wallet.approveNextAuthRequest()])
//   …
//   await wallet.stop()
//
// Storage is in memory and each wallet has its own Core (its own client id), so several wallets
// and dapps can share one process.
import { createPrivateKey, randomUUID, sign } from 'node:crypto'
import { createWalletConnectWalletCore } from './wallet.js'

export {
  ANVIL_MNEMONIC,
  ANVIL_PRIVATE_KEY,
  BITCOIN_MAINNET,
  SOLANA_MAINNET,
  SOLANA_TEST_SECRET_KEY,
  base58Decode,
  base58Encode,
  bitcoinMessageHash,
} from './signers.js'
export { ERRORS, NEEDS_APPROVAL, SUPPORTED_EVENTS, SUPPORTED_METHODS } from './wallet.js'

// The clients skip the hosted Verify service and telemetry when IS_VITEST is "true". They read it
// when a Core is built (not when they load), so setting it here, before any Core, is enough; it
// is set again in createWalletConnectWallet() in case something cleared it.
process.env.IS_VITEST = 'true'

/** PKCS#8 DER prefix of an ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * ed25519 with node:crypto.
 * @param {Uint8Array} seed  32 bytes  @param {Uint8Array} bytes  the message
 * @returns {Uint8Array} the 64-byte signature
 */
export function signEd25519(seed, bytes) {
  const key = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(seed)]),
    format: 'der',
    type: 'pkcs8',
  })
  return new Uint8Array(sign(null, Buffer.from(bytes), key))
}

/**
 * @param {{
 *   relayUrl: string,
 *   projectId?: string,
 *   metadata?: { name: string, description: string, url: string, icons: string[] },
 *   evm?: { privateKey?: `0x${string}`, mnemonic?: string, addressIndex?: number, rpcUrls?: Record<string | number, string>,
 *     assets?: Record<string | number, { tokens?: import('../sandbox/wallet-capabilities.js').WalletToken[], native?: import('../sandbox/wallet-capabilities.js').WalletNative }> },
 *   solana?: { secretKey?: Uint8Array | number[], chains?: string[] },
 *   bitcoin?: { privateKey?: `0x${string}`, chains?: string[] },
 *   polkadot?: { seed?: Uint8Array, chains?: string[] },
 *   cosmos?: { privateKey?: `0x${string}`, chains?: string[] },
 *   approve?: (request: import('./wallet.js').WalletRequest) => boolean | Promise<boolean>,
 *   core?: Record<string, unknown>,
 *   requestQueue?: boolean,
 *   oneClickAuth?: boolean,
 * }} options
 *   evm: anvil's account #0 unless privateKey or mnemonic (+ addressIndex) says otherwise;
 *        rpcUrls: the EVM chains the wallet has (eth_sendTransaction goes there);
 *        assets: what wallet_getAssets lists per chain (sandbox.walletAssets(chainId))
 *   solana: the fixed test key unless secretKey (64 bytes); chains default solana mainnet
 *   approve: asked before signing, sending or switching; false answers 4001. Default: yes
 *   requestQueue: true = WalletKit's own queue (one request at a time, 1 s apart, as a real
 *        wallet); default false, every request is answered as it comes
 *   oneClickAuth: answer one-click auth (`authenticate()`: nextAuthRequest, approveNextAuthRequest…);
 *        false = a wallet without it, the dapp's fallback proposal comes to nextProposal().
 *        Default true
 */
export async function createWalletConnectWallet(options) {
  process.env.IS_VITEST = 'true'
  return createWalletConnectWalletCore({
    ...options,
    solana: { ...options.solana, signEd25519 },
    signConfig: { disableRequestQueue: !options.requestQueue },
    core: {
      // One Core per wallet: the clients share a Core per storage prefix within a process.
      customStoragePrefix: `sigkit-wc-wallet-${randomUUID()}`,
      storageOptions: { database: ':memory:' },
      // Errors reach the caller (rejections, requests()); the clients' own log is noise in tests.
      logger: 'silent',
      ...options.core,
    },
  })
}
