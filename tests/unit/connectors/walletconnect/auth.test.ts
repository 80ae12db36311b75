import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { canAuthenticate, sessionFrom } from '../../../../src/connectors/walletconnect/auth'
import type { SIWXCacao, SIWXConfig } from '../../../../src/core/config/siwx'
import type { CaipNetwork } from '../../../../src/core/types'
import { base, clone, mainnet, solana } from '../../helpers/fixtures'

const ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const SIGNATURE = `0x${'5a'.repeat(65)}`

/** A CACAO as WalletConnect's one-click sign-in returns it (one per signed chain). */
function cacao(): SIWXCacao & Record<string, any> {
  return {
    h: { t: 'caip122' },
    p: {
      iss: `did:pkh:eip155:1:${ADDRESS}`,
      domain: 'app.example.com',
      aud: 'https://app.example.com/login',
      nonce: '9f86d081884c7d65',
      version: '1',
      iat: '2024-05-01T12:00:00.000Z',
      statement: 'Sign in to Acme.',
      resources: ['https://app.example.com/terms'],
    },
    s: { t: 'eip191', s: SIGNATURE },
  }
}

/** A stand-in for the provider's formatAuthMessage that records its calls. */
function recordingFormat() {
  const calls: { request: SIWXCacao['p']; iss: string }[] = []
  const format = (request: { request: SIWXCacao['p']; iss: string }) => {
    calls.push(request)
    return `signed text #${calls.length}`
  }
  return { calls, format }
}

test('a well-formed CACAO becomes one session: its fields, the text the wallet signed, the signature and the CACAO', () => {
  const signed = cacao()
  const { calls, format } = recordingFormat()
  const sessions = sessionFrom(signed, format)
  assert.is(sessions.length, 1)
  const [session] = sessions
  assert.equal(session?.data, {
    accountAddress: ADDRESS,
    chainId: 'eip155:1',
    domain: 'app.example.com',
    uri: 'https://app.example.com/login',
    version: '1',
    nonce: '9f86d081884c7d65',
    statement: 'Sign in to Acme.',
    resources: ['https://app.example.com/terms'],
    issuedAt: '2024-05-01T12:00:00.000Z',
  })
  for (const [key, value] of Object.entries(session?.data ?? {}))
    assert.ok(value !== undefined, `${key} is not undefined`)
  assert.not.ok('expirationTime' in (session?.data ?? {}), 'no expirationTime key without exp')
  assert.not.ok('requestId' in (session?.data ?? {}), 'no requestId key without requestId')
  assert.not.ok('notBefore' in (session?.data ?? {}), 'no notBefore key without nbf')
  assert.is(calls.length, 1, 'the text is formatted once')
  assert.is(calls[0]?.request, signed.p, 'format is given the signed payload')
  assert.is(calls[0]?.iss, `did:pkh:eip155:1:${ADDRESS}`)
  assert.is(session?.message, 'signed text #1')
  assert.is(session?.signature, SIGNATURE)
  assert.is(session?.cacao, signed, 'the CACAO is kept for servers that verify it')
})

test('the chain, expiry, not-before and request id of the CACAO carry over; uri stands in for aud; version defaults to 1', () => {
  const signed = cacao()
  signed.p.iss = `did:pkh:eip155:8453:${ADDRESS.toLowerCase()}`
  delete signed.p.aud
  delete signed.p.version
  signed.p['uri'] = 'https://app.example.com/'
  signed.p['exp'] = '2024-05-02T12:00:00.000Z'
  signed.p['nbf'] = '2024-05-01T11:00:00.000Z'
  signed.p['requestId'] = 'request-7'
  const [session] = sessionFrom(signed, () => 'text')
  assert.is(session?.data.chainId, 'eip155:8453')
  assert.is(session?.data.accountAddress, ADDRESS.toLowerCase())
  assert.is(session?.data.uri, 'https://app.example.com/')
  assert.is(session?.data.version, '1')
  assert.is(session?.data.expirationTime, '2024-05-02T12:00:00.000Z')
  assert.is(session?.data.notBefore, '2024-05-01T11:00:00.000Z')
  assert.is(session?.data.requestId, 'request-7')
})

test('malformed CACAOs from the wallet give no session and are not formatted', () => {
  const broken: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a string', 'cacao'],
    ['a number', 42],
    ['an array', [cacao()]],
  ]
  const without = (part: 'h' | 'p' | 's') => {
    const copy = cacao()
    delete (copy as Record<string, unknown>)[part]
    return copy
  }
  broken.push(['no p', without('p')], ['no s', without('s')], ['no h', without('h')])
  broken.push(
    ['h not an object', { ...cacao(), h: 'caip122' }],
    ['p an array', { ...cacao(), p: [] }],
    ['s null', { ...cacao(), s: null }],
  )
  const withIss = (iss: unknown) => {
    const copy = cacao()
    ;(copy.p as Record<string, unknown>)['iss'] = iss
    return copy
  }
  for (const iss of [
    `did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv`,
    'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
    `eip155:1:${ADDRESS}`,
    `did:pkh:eip155:1:${ADDRESS.slice(0, -1)}`,
    `did:pkh:eip155:1:${ADDRESS}0`,
    `did:pkh:eip155:1:${ADDRESS}:extra`,
    `did:pkh:eip155:mainnet:${ADDRESS}`,
    `did:pkh:eip155:1:0x${'g'.repeat(40)}`,
    123,
    undefined,
  ]) {
    broken.push([`iss ${String(iss)}`, withIss(iss)])
  }
  const withSignature = (signature: unknown) => ({ ...cacao(), s: { t: 'eip191', s: signature } })
  broken.push(
    ['numeric signature', withSignature(123)],
    ['no signature', withSignature(undefined)],
    ['null signature', withSignature(null)],
  )
  const withoutField = (field: 'nonce' | 'domain') => {
    const copy = cacao()
    delete (copy.p as Record<string, unknown>)[field]
    return copy
  }
  broken.push(['no nonce', withoutField('nonce')], ['no domain', withoutField('domain')])
  broken.push(['numeric nonce', { ...cacao(), p: { ...cacao().p, nonce: 123456789 } }])

  const { calls, format } = recordingFormat()
  for (const [label, value] of broken) assert.equal(sessionFrom(value, format), [], label)
  assert.is(calls.length, 0)
})

const siwx: SIWXConfig = {
  createMessage: async () => {
    throw new Error('not called')
  },
  addSession: async () => undefined,
  revokeSession: async () => undefined,
  setSessions: async () => undefined,
  getSessions: async () => [],
}

test('one-click sign-in only with a siwx config and EVM networks only', () => {
  const bitcoin = {
    ...clone(solana),
    id: '000000000019d6689c085ae165831e93',
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
    chainNamespace: 'bip122',
  } as CaipNetwork
  assert.is(canAuthenticate([mainnet, base], siwx), true)
  assert.is(canAuthenticate([base], siwx), true)
  assert.is(canAuthenticate([mainnet, base], undefined), false, 'sign-in is off')
  assert.is(canAuthenticate([], siwx), false, 'no network')
  assert.is(canAuthenticate([mainnet, solana], siwx), false, 'a Solana network among them')
  assert.is(canAuthenticate([solana], siwx), false)
  assert.is(canAuthenticate([bitcoin, mainnet], siwx), false, 'a Bitcoin network among them')
})

test.run()
