// An ed25519 key pair from a 32-byte seed with WebCrypto (Chromium 137+, Node 20): the seed goes
// in as a PKCS#8 private key (fixed DER prefix, then the seed), and the public key comes back out
// of the key's JWK export (`x`, base64url).
import { base64ToBytes } from './bytes.js'

/** DER of PKCS#8 PrivateKeyInfo { version 0, algorithm 1.3.101.112 (Ed25519), OCTET STRING { OCTET STRING (32) } }. */
const PKCS8_ED25519_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]

/**
 * @param {Uint8Array} seed  32 bytes
 * @param {SubtleCrypto} [subtle]
 * @returns {Promise<{ publicKey: Uint8Array, sign(bytes: Uint8Array): Promise<Uint8Array> }>}
 */
export async function ed25519FromSeed(seed, subtle = globalThis.crypto?.subtle) {
  if (!(seed instanceof Uint8Array) || seed.length !== 32)
    throw new TypeError('ed25519FromSeed: expected a 32-byte seed')
  if (!subtle)
    throw new TypeError(
      'ed25519FromSeed: WebCrypto is not available here (it needs a secure context, such as http://127.0.0.1)',
    )
  const pkcs8 = new Uint8Array([...PKCS8_ED25519_PREFIX, ...seed])
  const privateKey = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])
  const { x } = await subtle.exportKey('jwk', privateKey)
  if (typeof x !== 'string') throw new TypeError('ed25519FromSeed: the key has no public part')
  return {
    publicKey: base64ToBytes(x),
    sign: async (bytes) => new Uint8Array(await subtle.sign({ name: 'Ed25519' }, privateKey, bytes)),
  }
}
