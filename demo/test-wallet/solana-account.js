// @ts-check
// The Solana accounts of the local sandbox (demo/sandbox/solana.mjs funds them at start): the
// account the SigKit test wallet holds and somewhere to send to. Plain constants, no imports, so
// browser pages and Node share this one file.
//
// Each seed is the 32-byte ed25519 private key (seed) in hex, chosen as
//   sha256('sigkit-sandbox:solana-wallet')   and   sha256('sigkit-sandbox:solana-recipient').
// Each address is the base58 encoding of the ed25519 public key of that seed, as
// @solana/kit's createKeyPairSignerFromPrivateKeyBytes(seedBytes).address gives it (checked by
// tests/integration/solana/sandbox.test.ts). Test keys only: never hold real funds with them.

/** Seed of the test wallet's account: 10 SOL and 1250.5 USDC in the sandbox. */
export const SOLANA_WALLET_SEED = 'b7141cc3a22ff3928fb7d52c4ef315dccd7a17098daf83ef85b8d5cd7c2ff667'

/** Address of the test wallet's account. */
export const SOLANA_WALLET_ADDRESS = 'EKxN49JjC8wZur679K7taycd1tJ76sfnMwv6D2V4pPTu'

/** Seed of the recipient account: 1 SOL in the sandbox. */
export const SOLANA_RECIPIENT_SEED = '16b91244737fc8281c6850a16b724d24464c60550796782453502a6e4af19414'

/** Address of the recipient account. */
export const SOLANA_RECIPIENT_ADDRESS = 'AtnpwpiTue1FBRihNRoBcVYAcjb2N8DQe5kfF8bEaXCL'
