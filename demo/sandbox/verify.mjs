// @ts-check
// WalletConnect's Verify service, as the dapp's client uses it (endpoints.verify = <emulator>/verify):
// before a pairing the client loads `{verify}/v3/attestation?projectId&origin&id&decryptedId` in a
// hidden iframe and waits for it to post `{type: 'verify_attestation', attestation}` (a JSON
// string) to the page: a JWT whose payload names the request's `id`, the dapp's `origin` and
// whether it is verified. The sandbox signs it with its own P-256 key (ES256), whose public half
// `/verify/v3/public-key` serves in the hosted service's shape. Every origin counts as verified.
//
//   verify.routes, verify.handlers   // merged into the emulator's routing table
import { generateKeyPairSync, sign } from 'node:crypto'

/** How long an attestation is valid, as the hosted service gives it. */
const ATTESTATION_TTL_S = 300

export const VERIFY_ROUTES = Object.freeze([
  { name: 'verifyAttestation', method: 'GET', pattern: /^\/verify\/v3\/attestation$/ },
  { name: 'verifyPublicKey', method: 'GET', pattern: /^\/verify\/v3\/public-key$/ },
])

const base64url = (/** @type {Buffer | string} */ value) => Buffer.from(value).toString('base64url')

export function createVerify() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })

  /** The signed attestation of `origin` for the request `id`. */
  function attestation(/** @type {string} */ id, /** @type {string} */ origin) {
    const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))
    const payload = base64url(
      JSON.stringify({
        id,
        origin,
        isScam: false,
        isVerified: true,
        exp: Math.floor(Date.now() / 1000) + ATTESTATION_TTL_S,
      }),
    )
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    })
    return `${header}.${payload}.${base64url(signature)}`
  }

  /** @type {Record<string, (request: { url: URL }) => Promise<{ status?: number, headers?: Record<string, string>, body: unknown }>>} */
  const handlers = {
    async verifyAttestation({ url }) {
      const id = url.searchParams.get('id') ?? ''
      const origin = url.searchParams.get('origin') ?? ''
      if (!/^[0-9a-f]{64}$/.test(id)) return { status: 400, body: { error: 'id must be 64 hex digits' } }
      let parsed
      try {
        parsed = new URL(origin)
      } catch {
        return { status: 400, body: { error: 'origin must be a URL' } }
      }
      // Posted to the page that asked (the origin it named), as the hosted frame does.
      const message = JSON.stringify({ type: 'verify_attestation', attestation: attestation(id, parsed.origin) })
      const script = `parent.postMessage(${JSON.stringify(message)}, ${JSON.stringify(parsed.origin)})`
      return {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><meta charset="utf-8"><title>Verify</title><script>${script}</script>`,
      }
    },
    async verifyPublicKey() {
      const jwk = publicKey.export({ format: 'jwk' })
      return {
        body: {
          publicKey: { ...jwk, ext: true, key_ops: ['verify'] },
          expiresAt: Math.floor(Date.now() / 1000) + 24 * 3600,
        },
      }
    },
  }

  return { routes: VERIFY_ROUTES, handlers }
}
