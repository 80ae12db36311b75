// WalletConnect's Verify service in the emulator (endpoints.verify): the attestation page posts
// a JWT that names the request and the page's origin, signed with the key the public-key route
// serves; bad requests and faults fail as the other routes do.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto'
import { startApiEmulator } from '../../../demo/sandbox/api.mjs'
import { fetchJson } from './helpers'

let api: Awaited<ReturnType<typeof startApiEmulator>>
test.before(async () => {
  api = await startApiEmulator()
})
test.after(() => api?.stop())

const ORIGIN = 'http://127.0.0.1:5190'
const attestationUrl = (id: string, origin = ORIGIN) =>
  `${api.url}/verify/v3/attestation?projectId=p&origin=${encodeURIComponent(origin)}&id=${id}&decryptedId=${id}`

/** The message the page posts and the origin it posts to, read from its script. */
async function postedBy(url: string): Promise<{ message: { type: string; attestation: string }; target: string }> {
  const response = await fetch(url)
  assert.is(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /text\/html/)
  const match = (await response.text()).match(/parent\.postMessage\(("(?:[^"\\]|\\.)*"), ("[^"]*")\)/)
  if (!match) throw new Error('no postMessage in the attestation page')
  return { message: JSON.parse(JSON.parse(match[1]!)), target: JSON.parse(match[2]!) }
}

test("the attestation names the request and the page's origin, signed with the served key", async () => {
  const id = randomBytes(32).toString('hex')
  const { message, target } = await postedBy(attestationUrl(id))
  assert.is(message.type, 'verify_attestation')
  assert.is(target, ORIGIN, 'posted only to the page that asked')
  const [header, payload, signature] = message.attestation.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
  assert.is(claims.id, id)
  assert.is(claims.origin, ORIGIN)
  assert.is(claims.isVerified, true)
  assert.ok(claims.exp > Date.now() / 1000, 'not expired')

  const { body } = await fetchJson<{ publicKey: JsonWebKey; expiresAt: number }>(`${api.url}/verify/v3/public-key`)
  const key = createPublicKey({ key: body.publicKey, format: 'jwk' })
  const signed = Buffer.from(`${header}.${payload}`)
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  assert.ok(valid, 'ES256 signature by the served key')
})

test('a malformed id or origin is refused; a fault makes the route fail', async () => {
  const before = api.requests('verifyAttestation').length
  assert.is((await fetch(attestationUrl('not-hex'))).status, 400)
  assert.is((await fetch(attestationUrl(randomBytes(32).toString('hex'), 'not a url'))).status, 400)
  api.faults.set({ route: 'verifyAttestation', mode: '500', times: 1 })
  assert.is((await fetch(attestationUrl(randomBytes(32).toString('hex')))).status, 500)
  assert.is((await fetch(attestationUrl(randomBytes(32).toString('hex')))).status, 200, 'one failure only')
  assert.is(api.requests('verifyAttestation').length, before + 4, 'each request is logged')
})

test.run()
