import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { validateOptions } from '../../../../src/core/config/options'
import { setClock } from '../../../../src/lib/clock'
import type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXSession } from '../../../../src/core/config/siwx'
import { createLocalSIWX, formatSIWXMessage, LOCAL_SIWX_STORAGE_KEY } from '../../../../src/features/siwx/local-siwx'
import { validInput } from '../../helpers/fixtures'
import { createMemoryStorage, installStorage, type MemoryStorage } from '../../helpers/memory-storage'

const EVM_ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const OTHER_EVM_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOLANA_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const realNow = Date.now
let store: MemoryStorage
let restoreStorage = () => {}
let restoreLocation = () => {}

/** Installs `globalThis.location` (Node has none); undefined removes it. */
function installLocation(location: { host: string; href: string } | undefined): () => void {
  const had = Object.prototype.hasOwnProperty.call(globalThis, 'location')
  const previous = (globalThis as { location?: unknown }).location
  Object.defineProperty(globalThis, 'location', { value: location, configurable: true, writable: true })
  return () => {
    if (had) Object.defineProperty(globalThis, 'location', { value: previous, configurable: true, writable: true })
    else delete (globalThis as { location?: unknown }).location
  }
}

function freezeTime(iso: string): number {
  const now = Date.parse(iso)
  Date.now = () => now
  return now
}

test.before.each(() => {
  store = createMemoryStorage()
  restoreStorage = installStorage(store)
  restoreLocation = installLocation({ host: 'app.example.com', href: 'https://app.example.com/login?ref=nav' })
})
test.after.each(() => {
  Date.now = realNow
  restoreStorage()
  restoreLocation()
})

/** A complete signed session for an account on a network; `data` overrides message fields. */
function session(
  chainId: string,
  accountAddress: string,
  data: Partial<SIWXMessageData> = {},
  signature = '0xsig',
): SIWXSession {
  const fields: SIWXMessageData = {
    chainId: chainId as SIWXMessageData['chainId'],
    accountAddress,
    domain: 'app.example.com',
    uri: 'https://app.example.com/login',
    version: '1',
    nonce: 'a1b2c3d4e5f60718',
    issuedAt: new Date(Date.now()).toISOString(),
    expirationTime: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    ...data,
  }
  // As stored: JSON has no undefined fields.
  for (const key of Object.keys(fields) as (keyof SIWXMessageData)[]) if (fields[key] === undefined) delete fields[key]
  return { data: fields, message: formatSIWXMessage(fields), signature }
}

/**
 * A session signed over a message `siwx` issued for the account on the network: what a wallet
 * returns after SigKit's sign view. `data` overrides fields afterwards (the text follows them).
 */
async function issued(
  siwx: SIWXConfig,
  chainId: string,
  accountAddress: string,
  data: Partial<SIWXMessageData> = {},
  signature = '0xsig',
): Promise<SIWXSession> {
  const message = await siwx.createMessage({ chainId: chainId as SIWXMessageData['chainId'], accountAddress })
  const { toString: _toString, ...fields } = message
  return session(chainId, accountAddress, { ...fields, ...data }, signature)
}

function stored(): unknown {
  const raw = store.data.get(LOCAL_SIWX_STORAGE_KEY)
  return raw === undefined ? undefined : JSON.parse(raw)
}

async function rejects(promise: Promise<unknown>, message: string, what = ''): Promise<void> {
  try {
    await promise
  } catch (error) {
    assert.instance(error, Error)
    assert.is((error as Error).message, message, what)
    return
  }
  assert.unreachable(`expected a rejection: ${message} ${what}`)
}

// ── the message ─────────────────────────────────────────────────────────────────────────────

const FULL_EIP155: SIWXMessageData = {
  domain: 'app.example.com',
  accountAddress: EVM_ADDRESS,
  chainId: 'eip155:1',
  statement: 'I accept the Acme Terms of Service: https://app.example.com/tos',
  uri: 'https://app.example.com/login',
  version: '1',
  nonce: '32891756abcdef01',
  issuedAt: '2024-05-01T12:00:00.000Z',
  expirationTime: '2024-05-02T12:00:00.000Z',
  notBefore: '2024-05-01T11:00:00.000Z',
  requestId: 'request-17',
  resources: [
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'https://example.com/my-web2-claim.json',
  ],
}

test('an eip155 message is the exact EIP-4361 text, every field in order', () => {
  assert.is(
    formatSIWXMessage(FULL_EIP155),
    `app.example.com wants you to sign in with your Ethereum account:
0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B

I accept the Acme Terms of Service: https://app.example.com/tos

URI: https://app.example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756abcdef01
Issued At: 2024-05-01T12:00:00.000Z
Expiration Time: 2024-05-02T12:00:00.000Z
Not Before: 2024-05-01T11:00:00.000Z
Request ID: request-17
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`,
  )
})

test('an eip155 message is what viem writes and parses back to the same fields (what a dapp server verifies)', () => {
  const text = formatSIWXMessage({ ...FULL_EIP155, chainId: 'eip155:8453' })
  const viemText = createSiweMessage({
    domain: FULL_EIP155.domain,
    address: EVM_ADDRESS,
    statement: FULL_EIP155.statement,
    uri: FULL_EIP155.uri,
    version: '1',
    chainId: 8453,
    nonce: FULL_EIP155.nonce,
    issuedAt: new Date(FULL_EIP155.issuedAt as string),
    expirationTime: new Date(FULL_EIP155.expirationTime as string),
    notBefore: new Date(FULL_EIP155.notBefore as string),
    requestId: FULL_EIP155.requestId,
    resources: FULL_EIP155.resources,
  })
  assert.is(text, viemText)
  const parsed = parseSiweMessage(text)
  assert.is(parsed.address, EVM_ADDRESS)
  assert.is(parsed.chainId, 8453)
  assert.is(parsed.domain, 'app.example.com')
  assert.is(parsed.nonce, '32891756abcdef01')
  assert.is(parsed.statement, FULL_EIP155.statement)
  assert.equal(parsed.resources, FULL_EIP155.resources)
})

test('a message without a statement follows the EIP-4361 grammar: two blank lines between the address and URI', () => {
  const data: SIWXMessageData = {
    domain: 'app.example.com',
    accountAddress: EVM_ADDRESS,
    chainId: 'eip155:1',
    uri: 'https://app.example.com/login',
    version: '1',
    nonce: '32891756abcdef01',
    issuedAt: '2024-05-01T12:00:00.000Z',
  }
  // EIP-4361 ABNF: address LF LF [ statement LF ] LF "URI: " — two blank lines when there is no statement.
  const expected = `app.example.com wants you to sign in with your Ethereum account:
0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B


URI: https://app.example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756abcdef01
Issued At: 2024-05-01T12:00:00.000Z`
  assert.is(formatSIWXMessage(data), expected)
  assert.is(formatSIWXMessage({ ...data, statement: '' }), expected, 'an empty statement is no statement')
  const viemText = createSiweMessage({
    domain: data.domain,
    address: EVM_ADDRESS,
    uri: data.uri,
    version: '1',
    chainId: 1,
    nonce: data.nonce,
    issuedAt: new Date(data.issuedAt as string),
  })
  assert.is(expected, viemText, 'viem writes the same text')
})

test('a Solana message names a "Solana account" and the genesis-hash reference as Chain ID', () => {
  const text = formatSIWXMessage({
    domain: 'app.example.com',
    accountAddress: SOLANA_ADDRESS,
    chainId: SOLANA_MAINNET,
    statement: 'Sign in to Acme.',
    uri: 'https://app.example.com/login',
    version: '1',
    nonce: 'f00dfeedcafe4242',
    issuedAt: '2024-05-01T12:00:00.000Z',
    expirationTime: '2024-05-02T12:00:00.000Z',
  })
  assert.is(
    text,
    `app.example.com wants you to sign in with your Solana account:
7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv

Sign in to Acme.

URI: https://app.example.com/login
Version: 1
Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp
Nonce: f00dfeedcafe4242
Issued At: 2024-05-01T12:00:00.000Z
Expiration Time: 2024-05-02T12:00:00.000Z`,
  )
  assert.not.match(text, /Ethereum/)
})

test('optional lines appear only when set; an empty resource list adds no Resources line', () => {
  const base: SIWXMessageData = {
    domain: 'app.example.com',
    accountAddress: EVM_ADDRESS,
    chainId: 'eip155:1',
    statement: 'Sign in.',
    uri: 'https://app.example.com/',
    version: '1',
    nonce: '0123456789abcdef',
  }
  const bare = formatSIWXMessage({ ...base, resources: [] })
  for (const label of ['Issued At:', 'Expiration Time:', 'Not Before:', 'Request ID:', 'Resources:']) {
    assert.not.ok(bare.includes(label), `no "${label}" line when it is not set`)
  }
  assert.ok(bare.endsWith('\nNonce: 0123456789abcdef'), 'the nonce is the last line')
  const onlyRequestId = formatSIWXMessage({ ...base, requestId: 'r-1' })
  assert.ok(onlyRequestId.endsWith('\nNonce: 0123456789abcdef\nRequest ID: r-1'))
  assert.not.ok(onlyRequestId.includes('Expiration Time:'))
  const oneResource = formatSIWXMessage({ ...base, resources: ['https://app.example.com/terms'] })
  assert.ok(oneResource.endsWith('\nNonce: 0123456789abcdef\nResources:\n- https://app.example.com/terms'))
})

// ── createMessage ───────────────────────────────────────────────────────────────────────────

test('createMessage: the visitor account and network, the page as domain and URI, a fresh 32-hex nonce, 24 h by default', async () => {
  const now = freezeTime('2024-05-01T12:00:00.000Z')
  const siwx = createLocalSIWX()
  const first = await siwx.createMessage({ accountAddress: EVM_ADDRESS, chainId: 'eip155:10' })
  const second = await siwx.createMessage({ accountAddress: EVM_ADDRESS, chainId: 'eip155:10' })
  assert.is(first.accountAddress, EVM_ADDRESS)
  assert.is(first.chainId, 'eip155:10')
  assert.is(first.domain, 'app.example.com')
  assert.is(first.uri, 'https://app.example.com/login?ref=nav')
  assert.is(first.version, '1')
  assert.is(first.statement, 'Sign in with your wallet.')
  assert.match(first.nonce, /^[0-9a-f]{32}$/)
  assert.match(second.nonce, /^[0-9a-f]{32}$/)
  assert.is.not(first.nonce, second.nonce, 'every message gets its own nonce')
  assert.is(first.issuedAt, '2024-05-01T12:00:00.000Z')
  assert.is(first.expirationTime, new Date(now + 24 * 60 * 60 * 1000).toISOString())
  assert.is(first.expirationTime, '2024-05-02T12:00:00.000Z')
  assert.is(first.notBefore, undefined)
  assert.is(first.requestId, undefined)
  assert.is(
    first.toString(),
    `app.example.com wants you to sign in with your Ethereum account:
0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B

Sign in with your wallet.

URI: https://app.example.com/login?ref=nav
Version: 1
Chain ID: 10
Nonce: ${first.nonce}
Issued At: 2024-05-01T12:00:00.000Z
Expiration Time: 2024-05-02T12:00:00.000Z`,
  )
  assert.is(String(first), first.toString(), 'the message converts to its text')
})

test('createMessage uses the statement and expiresInMs options', async () => {
  freezeTime('2024-05-01T12:00:00.000Z')
  const siwx = createLocalSIWX({ statement: 'Sign in to Acme.', expiresInMs: 15 * 60 * 1000 })
  const message = await siwx.createMessage({ accountAddress: SOLANA_ADDRESS, chainId: SOLANA_MAINNET })
  assert.is(message.statement, 'Sign in to Acme.')
  assert.is(message.issuedAt, '2024-05-01T12:00:00.000Z')
  assert.is(message.expirationTime, '2024-05-01T12:15:00.000Z')
  const text = message.toString()
  assert.ok(
    text.startsWith(
      'app.example.com wants you to sign in with your Solana account:\n7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv\n\nSign in to Acme.\n\n',
    ),
  )
  assert.ok(text.includes('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n'))
  assert.ok(text.includes('\nExpiration Time: 2024-05-01T12:15:00.000Z'))
})

test('createMessage outside a page falls back to localhost', async () => {
  restoreLocation()
  restoreLocation = installLocation(undefined)
  const message = await createLocalSIWX().createMessage({ accountAddress: EVM_ADDRESS, chainId: 'eip155:1' })
  assert.is(message.domain, 'localhost')
  assert.is(message.uri, 'http://localhost')
})

// ── sessions ────────────────────────────────────────────────────────────────────────────────

test('a session added for an account is found for that network and address only; EVM addresses ignore case', async () => {
  const siwx = createLocalSIWX()
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [], 'nobody is signed in at first')
  const signedIn = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  await siwx.addSession(signedIn)
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [signedIn])
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS.toLowerCase()), [signedIn], 'lower-case address')
  assert.equal(
    await siwx.getSessions('eip155:1', EVM_ADDRESS.toUpperCase().replace('0X', '0x')),
    [signedIn],
    'upper-case address',
  )
  assert.equal(await siwx.getSessions('eip155:8453', EVM_ADDRESS), [], 'another network: not signed in')
  assert.equal(await siwx.getSessions('eip155:1', OTHER_EVM_ADDRESS), [], 'another account: not signed in')
  assert.equal(stored(), [signedIn], `kept in localStorage under ${LOCAL_SIWX_STORAGE_KEY}`)
})

test('Solana addresses are compared exactly', async () => {
  const siwx = createLocalSIWX()
  const signedIn = await issued(siwx, SOLANA_MAINNET, SOLANA_ADDRESS)
  await siwx.addSession(signedIn)
  assert.equal(await siwx.getSessions(SOLANA_MAINNET, SOLANA_ADDRESS), [signedIn])
  assert.equal(await siwx.getSessions(SOLANA_MAINNET, SOLANA_ADDRESS.toLowerCase()), [])
  assert.equal(
    await siwx.getSessions('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', SOLANA_ADDRESS),
    [],
    'devnet is another network',
  )
})

test('signing in again replaces the account session on that network instead of piling up', async () => {
  const siwx = createLocalSIWX()
  await siwx.addSession(await issued(siwx, 'eip155:1', EVM_ADDRESS))
  const again = await issued(siwx, 'eip155:1', EVM_ADDRESS.toLowerCase())
  await siwx.addSession(again)
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [again])
  assert.is((stored() as unknown[]).length, 1)
})

test('revokeSession signs out only that account on that network', async () => {
  const siwx = createLocalSIWX()
  const mainnetA = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  const mainnetB = await issued(siwx, 'eip155:1', OTHER_EVM_ADDRESS)
  const baseA = await issued(siwx, 'eip155:8453', EVM_ADDRESS)
  const solanaA = await issued(siwx, SOLANA_MAINNET, SOLANA_ADDRESS)
  for (const signedIn of [mainnetA, mainnetB, baseA, solanaA]) await siwx.addSession(signedIn)
  await siwx.revokeSession('eip155:1', EVM_ADDRESS.toLowerCase())
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [])
  assert.equal(await siwx.getSessions('eip155:1', OTHER_EVM_ADDRESS), [mainnetB])
  assert.equal(await siwx.getSessions('eip155:8453', EVM_ADDRESS), [baseA])
  assert.equal(await siwx.getSessions(SOLANA_MAINNET, SOLANA_ADDRESS), [solanaA])
  await siwx.revokeSession(SOLANA_MAINNET, SOLANA_ADDRESS.toLowerCase())
  assert.equal(
    await siwx.getSessions(SOLANA_MAINNET, SOLANA_ADDRESS),
    [solanaA],
    'a Solana address in another case is another account',
  )
  for (const [chainId, address] of [
    ['eip155:1', OTHER_EVM_ADDRESS],
    ['eip155:8453', EVM_ADDRESS],
    [SOLANA_MAINNET, SOLANA_ADDRESS],
  ] as const) {
    await siwx.revokeSession(chainId, address)
  }
  assert.is(store.data.has(LOCAL_SIWX_STORAGE_KEY), false, 'the storage entry is removed with the last session')
})

test('setSessions replaces every session (one-click sign-in); an empty list signs everyone out', async () => {
  const siwx = createLocalSIWX()
  const old = await issued(siwx, 'eip155:1', OTHER_EVM_ADDRESS)
  await siwx.addSession(old)
  const onMainnet = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  const onBase = await issued(siwx, 'eip155:8453', EVM_ADDRESS)
  await siwx.setSessions([onMainnet, onBase])
  assert.equal(await siwx.getSessions('eip155:1', OTHER_EVM_ADDRESS), [], 'the earlier session is gone')
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [onMainnet])
  assert.equal(await siwx.getSessions('eip155:8453', EVM_ADDRESS), [onBase])
  await siwx.setSessions([])
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [])
  assert.is(store.data.has(LOCAL_SIWX_STORAGE_KEY), false)
})

test('one-click sign-in: one message for every requested network, signed per network with one nonce, before the account is known', async () => {
  const siwx = createLocalSIWX()
  const message = await siwx.createMessage({
    chainId: 'eip155:1',
    accountAddress: '',
    chains: ['eip155:1', 'eip155:8453'],
  })
  const signedFor = (chainId: string) =>
    session(chainId, EVM_ADDRESS, { nonce: message.nonce, uri: message.uri, expirationTime: message.expirationTime })
  await rejects(
    siwx.setSessions([signedFor('eip155:1'), signedFor('eip155:10')]),
    'The sign-in message is for another network or account',
  )
  assert.is(stored(), undefined, 'a refused batch stores nothing')
  const sessions = [signedFor('eip155:1'), signedFor('eip155:8453')]
  await siwx.setSessions(sessions)
  assert.equal(await siwx.getSessions('eip155:8453', EVM_ADDRESS), [sessions[1]])
  await rejects(siwx.setSessions(sessions), 'The sign-in message was already used')
})

test('expired sessions are not returned: a session whose time runs out, and one without expiration stays', async () => {
  const restoreClock = setClock({ now: () => Date.parse('2024-05-01T12:00:00.000Z') })
  try {
    const siwx = createLocalSIWX({ expiresInMs: 60 * 60 * 1000 })
    const live = await issued(siwx, 'eip155:1', EVM_ADDRESS)
    const forever = await issued(siwx, 'eip155:8453', EVM_ADDRESS, { expirationTime: undefined })
    await siwx.addSession(live)
    await siwx.addSession(forever)
    setClock({ now: () => Date.parse('2024-05-01T12:59:59.000Z') })
    assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [live], 'still live a second before it expires')
    setClock({ now: () => Date.parse('2024-05-01T13:00:00.000Z') })
    assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [], 'expired at its expiration time')
    assert.equal(
      await siwx.getSessions('eip155:8453', EVM_ADDRESS),
      [forever],
      'a session without expiration time stays',
    )
  } finally {
    restoreClock()
  }
})

// ── refusals: a signed session cannot be replayed or moved ──────────────────────────────────

test('a message for another domain or another origin in its URI is refused; a path or query of this page is fine', async () => {
  const siwx = createLocalSIWX()
  for (const [fields, what] of [
    [{ domain: 'evil.example' }, 'another domain'],
    [{ domain: 'app.example.com.evil.example' }, 'a domain that only starts with the page'],
    [{ uri: 'https://evil.example/login' }, 'a URI on another site'],
    [{ uri: 'http://app.example.com/login' }, 'the same host over http'],
    [{ uri: 'https://app.example.com:8443/login' }, 'another port'],
    [{ uri: 'not a url' }, 'no URI at all'],
  ] as const) {
    await rejects(
      siwx.addSession(await issued(siwx, 'eip155:1', EVM_ADDRESS, fields)),
      'The sign-in message is for another site',
      what,
    )
  }
  assert.is(stored(), undefined)
  await siwx.addSession(await issued(siwx, 'eip155:1', EVM_ADDRESS, { uri: 'https://app.example.com/other?x=1' }))
  assert.is((await siwx.getSessions('eip155:1', EVM_ADDRESS)).length, 1)
})

test('a message issued for one network or account and signed for another is refused', async () => {
  const siwx = createLocalSIWX()
  const forMainnet = await siwx.createMessage({ chainId: 'eip155:1', accountAddress: EVM_ADDRESS })
  const fields = { nonce: forMainnet.nonce, uri: forMainnet.uri }
  await rejects(
    siwx.addSession(session('eip155:8453', EVM_ADDRESS, fields)),
    'The sign-in message is for another network or account',
  )
  await rejects(
    siwx.addSession(session('eip155:1', OTHER_EVM_ADDRESS, fields)),
    'The sign-in message is for another network or account',
  )
  await rejects(
    siwx.addSession(session(SOLANA_MAINNET, SOLANA_ADDRESS, fields)),
    'The sign-in message is for another network or account',
  )
  assert.is(stored(), undefined)
  await siwx.addSession(session('eip155:1', EVM_ADDRESS.toLowerCase(), fields))
  assert.is((await siwx.getSessions('eip155:1', EVM_ADDRESS)).length, 1, 'the refusals did not spend the nonce')
})

test('an expired message and a message not valid yet are refused, at the edge of their window (the clock)', async () => {
  const start = Date.parse('2024-05-01T12:00:00.000Z')
  let now = start
  const restoreClock = setClock({ now: () => now })
  try {
    const siwx = createLocalSIWX({ expiresInMs: 10 * 60 * 1000 })
    const late = await issued(siwx, 'eip155:1', EVM_ADDRESS)
    now = start + 10 * 60 * 1000
    await rejects(siwx.addSession(late), 'The sign-in message has expired')
    now = start
    const early = await issued(siwx, 'eip155:1', EVM_ADDRESS, { notBefore: '2024-05-01T12:05:00.000Z' })
    await rejects(siwx.addSession(early), 'The sign-in message is not valid yet')
    const badDates = await issued(siwx, 'eip155:1', EVM_ADDRESS, { expirationTime: 'tomorrow' })
    await rejects(siwx.addSession(badDates), 'The sign-in message has expired')
    assert.is(stored(), undefined)
    now = start + 5 * 60 * 1000
    await siwx.addSession(early)
    assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [early], 'valid from its Not Before on')
  } finally {
    restoreClock()
  }
})

test('a nonce verifies once: the same signed session again, or another signature over it, is refused', async () => {
  const siwx = createLocalSIWX()
  const first = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  await siwx.addSession(first)
  await rejects(siwx.addSession(first), 'The sign-in message was already used')
  await rejects(siwx.setSessions([first]), 'The sign-in message was already used')
  await siwx.revokeSession('eip155:1', EVM_ADDRESS)
  await rejects(siwx.addSession(first), 'The sign-in message was already used', 'not even after signing out')
  assert.is(stored(), undefined)
})

test('a nonce the page did not issue is refused: made up, from another config, or from before a reload', async () => {
  const siwx = createLocalSIWX()
  await rejects(siwx.addSession(session('eip155:1', EVM_ADDRESS)), 'The sign-in message was not issued by this page')
  const otherTab = createLocalSIWX()
  const elsewhere = await issued(otherTab, 'eip155:1', EVM_ADDRESS)
  await rejects(siwx.addSession(elsewhere), 'The sign-in message was not issued by this page')
  await otherTab.addSession(elsewhere)
  const afterReload = createLocalSIWX()
  await rejects(afterReload.addSession(elsewhere), 'The sign-in message was not issued by this page')
})

test('the signed text must say what the fields say: a session whose data was edited after signing is refused', async () => {
  const siwx = createLocalSIWX()
  const signed = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  const other = await siwx.createMessage({ chainId: 'eip155:1', accountAddress: EVM_ADDRESS })
  for (const edit of [
    { nonce: other.nonce },
    { accountAddress: OTHER_EVM_ADDRESS },
    { chainId: 'eip155:8453' as const },
    { expirationTime: '2999-01-01T00:00:00.000Z' },
    { notBefore: '2000-01-01T00:00:00.000Z' },
    { uri: 'https://app.example.com/elsewhere' },
  ]) {
    await rejects(
      siwx.addSession({ ...signed, data: { ...signed.data, ...edit } }),
      'The signed text does not match the sign-in message',
    )
  }
  await rejects(
    siwx.addSession({ ...signed, message: signed.message.replace('app.example.com wants', 'evil.example wants') }),
    'The signed text does not match the sign-in message',
  )
  await siwx.addSession(signed)
})

test('createMessage remembers the last 16 unsigned messages: the oldest beyond them no longer verifies', async () => {
  const siwx = createLocalSIWX()
  const oldest = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  const kept = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  for (let i = 0; i < 15; i++) await siwx.createMessage({ chainId: 'eip155:1', accountAddress: EVM_ADDRESS })
  await rejects(siwx.addSession(oldest), 'The sign-in message was not issued by this page')
  await siwx.addSession(kept)
})

test('corrupt storage is ignored without throwing, and signing in still works', async () => {
  const siwx = createLocalSIWX()
  for (const raw of ['not json {', '{"data":{}}', '"a string"', 'null', '42']) {
    store.setItem(LOCAL_SIWX_STORAGE_KEY, raw)
    assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [], raw)
  }
  const signedIn = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  await siwx.addSession(signedIn)
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [signedIn])
  assert.equal(stored(), [signedIn], 'the corrupt value was replaced')
})

test('stored entries missing fields are skipped; the good ones survive reading and writing', async () => {
  const good = session('eip155:1', EVM_ADDRESS)
  const { nonce: _nonce, ...withoutNonce } = session('eip155:1', EVM_ADDRESS).data
  const broken = [
    null,
    42,
    'session',
    [],
    {},
    { data: withoutNonce, message: 'm', signature: '0x1' },
    { data: good.data, signature: '0x1' },
    { data: good.data, message: 'm', signature: 7 },
    { data: null, message: 'm', signature: '0x1' },
    { data: { ...good.data, chainId: 1 }, message: 'm', signature: '0x1' },
  ]
  store.setItem(LOCAL_SIWX_STORAGE_KEY, JSON.stringify([...broken, good]))
  const siwx = createLocalSIWX()
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [good])
  const other = await issued(siwx, 'eip155:8453', OTHER_EVM_ADDRESS)
  await siwx.addSession(other)
  assert.equal(stored(), [good, other], 'writing keeps the good entry and drops the broken ones')
})

test('an incomplete session is refused by addSession and setSessions, and nothing is stored', async () => {
  const siwx = createLocalSIWX()
  const kept = await issued(siwx, 'eip155:1', OTHER_EVM_ADDRESS)
  await siwx.addSession(kept)
  const { nonce: _nonce, ...withoutNonce } = (await issued(siwx, 'eip155:1', EVM_ADDRESS)).data
  const incomplete = { data: withoutNonce, message: 'm', signature: '0x1' } as unknown as SIWXSession
  await rejects(siwx.addSession(incomplete), 'The sign-in session is incomplete')
  await rejects(
    siwx.setSessions([await issued(siwx, 'eip155:1', EVM_ADDRESS), incomplete]),
    'The sign-in session is incomplete',
  )
  assert.equal(stored(), [kept])
})

test('verify returning false refuses the session: addSession and setSessions reject and nothing is stored', async () => {
  const checked: SIWXSession[] = []
  const siwx = createLocalSIWX({
    verify: async (candidate) => {
      checked.push(candidate)
      return candidate.signature === '0xgood'
    },
  })
  const good = await issued(siwx, 'eip155:1', OTHER_EVM_ADDRESS, {}, '0xgood')
  await siwx.addSession(good)
  const forged = await issued(siwx, 'eip155:1', EVM_ADDRESS, {}, '0xforged')
  await rejects(siwx.addSession(forged), 'The signature does not match the account')
  assert.equal(await siwx.getSessions('eip155:1', EVM_ADDRESS), [])
  await rejects(
    siwx.setSessions([await issued(siwx, 'eip155:8453', EVM_ADDRESS, {}, '0xgood'), forged]),
    'The signature does not match the account',
  )
  assert.equal(stored(), [good], 'setSessions replaced nothing')
  assert.equal(checked.slice(0, 2), [good, forged], 'verify is given the session to check')

  const syncRefusal = createLocalSIWX({ verify: () => false })
  store.clear()
  await rejects(
    syncRefusal.addSession(await issued(syncRefusal, 'eip155:1', EVM_ADDRESS)),
    'The signature does not match the account',
  )
  assert.is(store.data.size, 0)
})

test('verify with viem: a real signature of the message is kept, one by another key is refused', async () => {
  const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
  const impostor = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
  const siwx = createLocalSIWX({
    verify: (candidate) =>
      verifyMessage({
        address: candidate.data.accountAddress as `0x${string}`,
        message: candidate.message,
        signature: candidate.signature as `0x${string}`,
      }),
  })
  const message = await siwx.createMessage({ accountAddress: signer.address, chainId: 'eip155:1' })
  const data: SIWXMessageData = { ...message }
  delete (data as Partial<SIWXMessage>).toString
  const text = message.toString()
  await rejects(
    siwx.addSession({ data, message: text, signature: await impostor.signMessage({ message: text }) }),
    'The signature does not match the account',
  )
  assert.equal(await siwx.getSessions('eip155:1', signer.address), [])
  const signedIn = { data, message: text, signature: await signer.signMessage({ message: text }) }
  await siwx.addSession(signedIn)
  assert.equal(await siwx.getSessions('eip155:1', signer.address.toLowerCase()), [signedIn])
})

// ── options ─────────────────────────────────────────────────────────────────────────────────

test('sign-in is optional and visitors are signed out on disconnect by default; both follow the options', () => {
  const defaults = createLocalSIWX()
  assert.is(defaults.getRequired?.(), false)
  assert.is(defaults.signOutOnDisconnect, true)
  const strict = createLocalSIWX({ required: true, signOutOnDisconnect: false })
  assert.is(strict.getRequired?.(), true)
  assert.is(strict.signOutOnDisconnect, false)
})

test('createLocalSIWX() is accepted as the siwx option of createAppKit', () => {
  const siwx = createLocalSIWX({ required: true })
  assert.is(validateOptions(validInput({ siwx })).siwx, siwx)
})

test('a custom storage option is used instead of localStorage', async () => {
  const custom = createMemoryStorage()
  const siwx = createLocalSIWX({ storage: custom })
  const signedIn = await issued(siwx, 'eip155:1', EVM_ADDRESS)
  await siwx.addSession(signedIn)
  assert.equal(JSON.parse(custom.data.get(LOCAL_SIWX_STORAGE_KEY) as string), [signedIn])
  assert.is(store.data.size, 0, 'localStorage is untouched')
  store.setItem(LOCAL_SIWX_STORAGE_KEY, JSON.stringify([session('eip155:1', OTHER_EVM_ADDRESS)]))
  assert.equal(await siwx.getSessions('eip155:1', OTHER_EVM_ADDRESS), [], 'localStorage is not read')
  assert.equal(await createLocalSIWX().getSessions('eip155:1', OTHER_EVM_ADDRESS), [
    JSON.parse(store.data.get(LOCAL_SIWX_STORAGE_KEY) as string)[0],
  ])
  await siwx.revokeSession('eip155:1', EVM_ADDRESS)
  assert.is(custom.data.has(LOCAL_SIWX_STORAGE_KEY), false)

  restoreStorage()
  restoreStorage = installStorage(undefined)
  const noLocalStorage = createLocalSIWX({ storage: custom })
  const again = await issued(noLocalStorage, 'eip155:1', EVM_ADDRESS)
  await noLocalStorage.addSession(again)
  assert.equal(
    await noLocalStorage.getSessions('eip155:1', EVM_ADDRESS),
    [again],
    'works where the page has no localStorage',
  )
})

test.run()
