// WalletConnect one-click auth (`wc_sessionAuthenticate`): universal-provider's authenticate()
// against the WalletConnect test wallet through the sandbox's relay double. The wallet signs one
// CACAO (SIWE message, eip191) per chain and the session comes with it; a rejection leaves no
// session; a wallet without one-click auth (`oneClickAuth: false`) gets the dapp's fallback
// proposal instead, and authenticate() resolves with a session and no auths.
//
// Only the relay of the sandbox: sign-in and personal_sign never reach a chain's RPC, so the
// wallet's chains are anvil's ids with an RPC URL nothing listens on.
import { randomBytes } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toHex, verifyMessage, type Hex } from 'viem'
import { startRelay } from '../../../demo/sandbox/relay.mjs'
import {
  DAPP_METADATA,
  eventually,
  exitSoon,
  rejection,
  startDapp,
  startWallet,
  within,
  type Dapp,
  type Wallet,
} from './helpers'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CHAINS = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:9' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:9' },
]
const DOMAIN = '127.0.0.1:5173'
const URI = 'http://127.0.0.1:5173'
const STATEMENT = 'Sign in to the SigKit integration test'

let relay: Awaited<ReturnType<typeof startRelay>>
const started: { stop(): Promise<unknown> }[] = []

async function freshPair(walletOptions: Record<string, unknown> = {}): Promise<{ wallet: Wallet; dapp: Dapp }> {
  const wallet = await startWallet(relay.url, CHAINS, walletOptions)
  const dapp = await startDapp(relay.url, CHAINS)
  started.push(dapp, wallet)
  dapp.sendUrisTo((uri) => wallet.pair(uri))
  return { wallet, dapp }
}

/** authenticate() as a dapp calls it (SIWE fields, the methods the session should get). */
function authenticate(dapp: Dapp, params: Record<string, unknown> = {}) {
  return dapp.provider.authenticate({
    chains: ['eip155:31337', 'eip155:31338'],
    domain: DOMAIN,
    uri: URI,
    nonce: randomBytes(16).toString('hex'),
    statement: STATEMENT,
    methods: ['personal_sign'],
    ...params,
  } as any) as Promise<{ session?: any; auths?: any[] }>
}

test.before(async () => {
  relay = await startRelay()
})

test.after(async () => {
  for (const each of started) await each.stop()
  await relay?.stop()
  exitSoon()
})

test('the wallet signs in on both chains: each CACAO verifies, the session has the account, and personal_sign works over it', async () => {
  const { wallet, dapp } = await freshPair()
  const seen: { auth: any[]; proposals: any[]; sessions: number } = { auth: [], proposals: [], sessions: 0 }
  wallet.on('auth_request', (request: any) => seen.auth.push(request))
  wallet.on('proposal', (proposal: any) => seen.proposals.push(proposal))
  wallet.on('sessions', () => seen.sessions++)
  const nonce = randomBytes(16).toString('hex')

  const [result, approved] = await within(
    Promise.all([authenticate(dapp, { nonce }), wallet.approveNextAuthRequest()]),
    'authenticate() and the approval',
  )

  // What the wallet was asked, as the dapp sent it.
  assert.is(seen.auth.length, 1)
  const [request] = seen.auth
  assert.type(request.id, 'number')
  assert.is(request.topic, dapp.uris[0]!.slice(3, 67), 'the request comes on the URI’s pairing topic')
  assert.is(request.pairingTopic, request.topic)
  assert.is(request.requester.metadata.name, DAPP_METADATA.name)
  assert.match(request.requester.publicKey, /^[0-9a-f]{64}$/)
  assert.equal(request.authPayload.chains, ['eip155:31337', 'eip155:31338'])
  assert.is(request.authPayload.domain, DOMAIN)
  assert.is(request.authPayload.aud, URI)
  assert.is(request.authPayload.nonce, nonce)
  assert.is(request.authPayload.statement, STATEMENT)
  assert.is(request.authPayload.version, '1')
  assert.is(request.authPayload.type, 'caip122')
  assert.type(request.authPayload.iat, 'string')
  assert.is(request.authPayload.resources.length, 1, 'the ReCap for methods: [personal_sign]')
  assert.ok(request.expiryTimestamp * 1000 > Date.now())
  assert.ok(request.raw.authPayload)
  // The dapp's fallback proposal is dropped by a wallet that answers one-click auth.
  assert.equal(seen.proposals, [])

  // One CACAO per chain, each signed by the wallet's account over the message the dapp formats.
  const auths = result.auths!
  assert.is(auths.length, 2)
  assert.equal(
    auths.map((cacao) => cacao.p.iss),
    [`did:pkh:eip155:31337:${ACCOUNT}`, `did:pkh:eip155:31338:${ACCOUNT}`],
  )
  for (const cacao of auths) {
    assert.is(cacao.s.t, 'eip191')
    const message = dapp.provider.client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss })
    assert.ok(message.startsWith(`${DOMAIN} wants you to sign in with your Ethereum account:\n${ACCOUNT}\n`), message)
    assert.ok(
      message.includes(STATEMENT) && message.includes(`Nonce: ${nonce}`) && message.includes(`URI: ${URI}`),
      message,
    )
    assert.ok(
      await verifyMessage({ address: ACCOUNT, message, signature: cacao.s.s as Hex }),
      `${cacao.p.iss} verifies`,
    )
    assert.not.ok(
      await verifyMessage({
        address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        message,
        signature: cacao.s.s as Hex,
      }),
    )
  }
  // The wallet resolves with what it sent (its copy still has the payload's undefined fields).
  assert.equal(JSON.parse(JSON.stringify(approved.auths)), auths)

  // The session: on both sides, the account on both chains, the ReCap's methods.
  const session = result.session
  assert.ok(session, 'authenticate() resolved with a session')
  assert.equal(session.namespaces.eip155.accounts, [`eip155:31337:${ACCOUNT}`, `eip155:31338:${ACCOUNT}`])
  assert.ok(session.namespaces.eip155.methods.includes('personal_sign'))
  assert.is(dapp.provider.session?.topic, session.topic)
  assert.is(approved.session.topic, session.topic)
  assert.equal(
    wallet.sessions().map((each: any) => each.topic),
    [session.topic],
  )
  assert.is(wallet.currentChain(session.topic), 'eip155:31337')
  assert.ok(seen.sessions >= 1, 'the wallet emitted sessions')

  const text = 'Signed over the one-click session'
  const signature = await within(
    dapp.provider.request({ method: 'personal_sign', params: [toHex(text), ACCOUNT] }, 'eip155:31338') as Promise<Hex>,
    'personal_sign over the new session',
  )
  assert.ok(await verifyMessage({ address: ACCOUNT, message: text, signature }))
  // The wallet records a request once its answer is out, so possibly after the dapp has it.
  await eventually(() => wallet.requests().at(-1)?.method === 'personal_sign', 'the wallet to record personal_sign')
})

test('the wallet rejects: authenticate() rejects, and neither side has a session or a pending request', async () => {
  const { wallet, dapp } = await freshPair()
  const authenticating = rejection(authenticate(dapp))
  const request = await wallet.rejectNextAuthRequest()
  assert.is(request.authPayload.domain, DOMAIN)
  const error = await authenticating
  // The sign client rejects with the error's message, a string, not an Error.
  assert.is(error, 'User rejected.')
  assert.is(dapp.provider.session, undefined)
  assert.equal(dapp.provider.client.session.getAll(), [])
  assert.equal(wallet.sessions(), [])
  assert.equal(wallet.kit.engine.signClient.auth.requests.getAll(), [], 'the wallet forgot the request')
})

test('only chains the wallet has (and, with { chains }, only those); no methods asked: auths and no session; none of the chains: 5100 on both sides', async () => {
  const { wallet, dapp } = await freshPair()
  const [result] = await within(
    Promise.all([
      authenticate(dapp, { chains: ['eip155:1', 'eip155:31337', 'eip155:31338'] }),
      wallet.approveNextAuthRequest({ chains: ['eip155:31338'] }),
    ]),
    'authenticate() with a chain the wallet lacks',
  )
  assert.equal(
    result.auths!.map((cacao) => cacao.p.iss),
    [`did:pkh:eip155:31338:${ACCOUNT}`],
  )
  assert.equal(result.session.namespaces.eip155.accounts, [`eip155:31338:${ACCOUNT}`])
  assert.is(wallet.currentChain(result.session.topic), 'eip155:31338')

  // No methods: no ReCap, so nothing for a session to hold; the sign-in alone.
  const plain = await freshPair()
  const [signedIn] = await within(
    Promise.all([
      authenticate(plain.dapp, { chains: ['eip155:1', 'eip155:31337'], methods: undefined }),
      plain.wallet.approveNextAuthRequest(),
    ]),
    'authenticate() without methods',
  )
  assert.equal(
    signedIn.auths!.map((cacao) => cacao.p.iss),
    [`did:pkh:eip155:31337:${ACCOUNT}`],
  )
  assert.equal(signedIn.auths![0].p.resources, [], 'no ReCap')
  assert.is(signedIn.session, undefined)
  assert.is(plain.dapp.provider.session, undefined)
  assert.equal(plain.wallet.sessions(), [])

  const other = await freshPair()
  const refused = rejection(authenticate(other.dapp, { chains: ['eip155:1'] }))
  const walletError = await rejection(other.wallet.approveNextAuthRequest())
  assert.is(walletError.code, 5100)
  assert.match(walletError.message, /Unsupported chains.*eip155:1/)
  assert.is(await refused, 'Unsupported chains.')
  assert.equal(other.wallet.sessions(), [])
})

test('oneClickAuth: false: the fallback proposal comes to nextProposal(); approving it resolves authenticate() with a session and no auths', async () => {
  const { wallet, dapp } = await freshPair({ oneClickAuth: false })
  const seen: any[] = []
  wallet.on('auth_request', (request: any) => seen.push(request))
  const authenticating = authenticate(dapp)
  const proposal = await wallet.nextProposal()
  // The proposal authenticate() sends beside the auth request, on the same pairing.
  assert.is(proposal.pairingTopic, dapp.uris[0]!.slice(3, 67))
  assert.is(proposal.proposer.metadata.name, DAPP_METADATA.name)
  assert.equal(proposal.requested.eip155!.chains, ['eip155:31337', 'eip155:31338'])
  assert.equal(proposal.requested.eip155!.methods, ['personal_sign'])
  assert.equal(proposal.requested.eip155!.events, ['chainChanged', 'accountsChanged'])
  assert.is(proposal.requested.eip155!.required, false)
  const walletSession = await wallet.approveSession(proposal)
  const result = await within(authenticating, 'authenticate() after the proposal')

  assert.equal(Object.keys(result), ['session'], 'no auths key at all')
  assert.is(result.auths, undefined)
  assert.is(result.session.topic, walletSession.topic)
  assert.equal(result.session.namespaces.eip155.accounts, [`eip155:31337:${ACCOUNT}`, `eip155:31338:${ACCOUNT}`])
  assert.is(dapp.provider.session?.topic, walletSession.topic)
  // The auth request did reach the wallet's sign client (the URI lists wc_sessionAuthenticate):
  // it is stored, unanswered, and no one heard of it.
  assert.equal(seen, [])
  assert.is(wallet.kit.engine.signClient.events.listenerCount('session_authenticate'), 0)
  assert.is(wallet.kit.engine.signClient.auth.requests.getAll().length, 1)
  await rejection(wallet.nextAuthRequest({ timeoutMs: 50 }))

  const text = 'Signed over the fallback session'
  const signature = await within(
    dapp.provider.request({ method: 'personal_sign', params: [toHex(text), ACCOUNT] }, 'eip155:31337') as Promise<Hex>,
    'personal_sign',
  )
  assert.ok(await verifyMessage({ address: ACCOUNT, message: text, signature }))
})

test('stop() rejects a pending nextAuthRequest()', async () => {
  const wallet = await startWallet(relay.url, CHAINS)
  const waiting = rejection(wallet.nextAuthRequest({ timeoutMs: 5000 }))
  await wallet.stop()
  assert.match(String((await waiting)?.message), /stopped/)
})

test.run()
