// WalletConnect session lifecycle on the sandbox relay: a rejected proposal, a URI paired late, a
// pairing reused for a second session, an expired pairing or URI not reused, the wallet deleting
// the session, and both clients riding out a relay drop.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toHex, verifyMessage, type Hex } from 'viem'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import {
  connectAndApprove,
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

let sandbox: Awaited<ReturnType<typeof startSandbox>>
const started: { stop(): Promise<unknown> }[] = []

async function freshPair(): Promise<{ wallet: Wallet; dapp: Dapp }> {
  const wallet = await startWallet(sandbox.relayUrl, sandbox.chains)
  const dapp = await startDapp(sandbox.relayUrl, sandbox.chains)
  started.push(dapp, wallet)
  return { wallet, dapp }
}

test.before(async () => {
  sandbox = await startSandbox()
})

test.after(async () => {
  for (const each of started) await each.stop()
  await sandbox?.stop()
  exitSoon()
})

test('a rejected proposal rejects connect(), and no session is left on either side', async () => {
  const { wallet, dapp } = await freshPair()
  dapp.sendUrisTo((uri) => wallet.pair(uri))
  const connecting = dapp.provider.connect({ optionalNamespaces: dapp.namespaces() } as any)
  const proposal = await wallet.rejectNextSession()
  assert.is(proposal.proposer.metadata.name, 'SigKit integration test')
  assert.equal(Object.keys(proposal.requested).sort(), ['bip122', 'eip155', 'solana'])
  const error = await rejection(connecting)
  assert.match(String(error?.message), /rejected/i)
  assert.is(error.code, 5000)
  assert.is(dapp.provider.session, undefined)
  assert.equal(wallet.sessions(), [])
})

test('a URI paired late still works: the relay keeps the proposal until the wallet subscribes', async () => {
  const { wallet, dapp } = await freshPair()
  let uri = ''
  dapp.sendUrisTo((value) => (uri = value))
  const connecting = dapp.provider.connect({ optionalNamespaces: dapp.namespaces() } as any)
  await eventually(() => uri !== '', 'display_uri')
  await new Promise((resolve) => setTimeout(resolve, 1000)) // the person takes a moment to scan
  await wallet.pair(uri)
  const [session] = await within(Promise.all([connecting, wallet.approveNextSession()]), 'the late pairing to connect')
  assert.is(session!.pairingTopic, uri.slice(3, 67))
  assert.is(dapp.uris.length, 1, 'the unexpired URI was not regenerated')
})

test('pairing reuse: a second session over the same active pairing, with no new URI and no new pairing', async () => {
  const { wallet, dapp } = await freshPair()
  const { session: first } = await connectAndApprove(dapp, wallet)
  const pairingTopic = first.pairingTopic
  assert.ok(
    dapp.provider.client.core.pairing
      .getPairings()
      .some((pairing: any) => pairing.topic === pairingTopic && pairing.active),
  )
  assert.ok(wallet.pairings().some((pairing: any) => pairing.topic === pairingTopic && pairing.active))

  // The sign client's connect({ pairingTopic }): the proposal goes over the pairing both sides
  // already hold. (universal-provider's own connect({ pairingTopic }) first unsubscribes every
  // pairing topic, so its client then ignores the wallet's answer there: see the report.)
  const pairCalls: string[] = []
  const originalPair = wallet.pair
  wallet.pair = async (uri: string) => {
    pairCalls.push(uri)
    return originalPair(uri)
  }
  const { uri, approval } = await dapp.provider.client.connect({
    pairingTopic,
    optionalNamespaces: dapp.namespaces(),
  } as any)
  assert.is(uri, undefined, 'no new URI')
  const [second] = await within(
    Promise.all([approval(), wallet.approveNextSession()]),
    'a session over the reused pairing',
  )
  assert.is(second!.pairingTopic, pairingTopic)
  assert.is.not(second!.topic, first.topic)
  assert.equal(pairCalls, [])
  assert.equal(
    wallet.pairings().map((pairing: any) => pairing.topic),
    [pairingTopic],
  )
  assert.equal(
    wallet
      .sessions()
      .map((session) => session.topic)
      .sort(),
    [first.topic, second!.topic].sort(),
  )

  // The new session works.
  const signature = await dapp.provider.client.request({
    topic: second!.topic,
    chainId: 'eip155:31337',
    request: { method: 'personal_sign', params: [toHex('again'), ACCOUNT] },
  })
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'again', signature: signature as Hex }))
})

test('expiry: a pairing past its expiry is not reused; an expired URI is refused by the wallet', async () => {
  const { wallet, dapp } = await freshPair()
  const { session } = await connectAndApprove(dapp, wallet)
  const pairingTopic = session.pairingTopic
  const pairing = dapp.provider.client.core.pairing

  // Move the pairing's expiry into the past (what waiting out its 30 days would do).
  const past = Math.floor(Date.now() / 1000) - 1
  await pairing.pairings.update(pairingTopic, { expiry: past })
  const refused = await rejection(
    dapp.provider.client.connect({ pairingTopic, optionalNamespaces: dapp.namespaces() } as any),
  )
  assert.match(String(refused.message), /expired/i)

  // The expirer drops it on its next check (each heartbeat, 5 s; run at once here)…
  const expirer = dapp.provider.client.core.expirer as any
  expirer.set(pairingTopic, past)
  expirer.checkExpirations()
  await eventually(
    () => !pairing.getPairings().some((each: any) => each.topic === pairingTopic),
    'the expired pairing to be deleted',
    8000,
  )
  // … and the next connect makes a new pairing and a new URI.
  await dapp.provider.disconnect().catch(() => undefined)
  const { session: next } = await connectAndApprove(dapp, wallet)
  assert.is(dapp.uris.length, 2)
  assert.is.not(next.pairingTopic, pairingTopic)

  // A URI whose expiryTimestamp has passed: the wallet refuses to pair.
  const stale = dapp.uris[1]!.replace(/expiryTimestamp=\d+/, `expiryTimestamp=${Math.floor(Date.now() / 1000) - 60}`)
  assert.ok(stale.includes('expiryTimestamp='), stale)
  const other = await startWallet(sandbox.relayUrl, sandbox.chains)
  started.push(other)
  const error = await rejection(other.pair(stale))
  assert.match(String(error.message), /expired/i)
  assert.equal(other.pairings(), [])
})

test('the wallet deleting the session: the dapp gets session_delete and has no session', async () => {
  const { wallet, dapp } = await freshPair()
  const { session } = await connectAndApprove(dapp, wallet)
  await wallet.disconnect(session.topic)
  await eventually(() => dapp.events.session_delete!.length === 1, 'session_delete on the dapp')
  assert.equal((dapp.events.session_delete![0] as any).topic, session.topic)
  assert.is(dapp.provider.session, undefined)
  assert.not.ok(dapp.provider.client.session.keys.includes(session.topic))
  assert.ok(dapp.events.disconnect!.length >= 1, 'disconnect emitted too')
  assert.equal(wallet.sessions(), [])
  // Requests on the deleted session fail instead of hanging.
  await rejection(
    dapp.provider.client.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x00', ACCOUNT] },
    }),
  )
})

test('relay drop: both clients reconnect and resubscribe, and a later request still works', async () => {
  const { wallet, dapp } = await freshPair()
  const { session } = await connectAndApprove(dapp, wallet)
  const before = sandbox.relay.stats()
  assert.ok(before.clients >= 2)

  sandbox.relay.dropAll()
  const started = Date.now()
  await eventually(() => sandbox.relay.stats().connections >= before.connections + 2, 'both clients to reconnect', 8000)
  const signature = await within(
    dapp.provider.request(
      { method: 'personal_sign', params: [toHex('after the drop'), ACCOUNT] },
      'eip155:31337',
    ) as Promise<Hex>,
    'personal_sign after the relay drop',
  )
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'after the drop', signature }))
  assert.ok(Date.now() - started < 8000, `answered ${Date.now() - started} ms after the drop`)
  assert.ok(sandbox.relay.stats().dropped >= 2)
  // Events still flow wallet → dapp on the same session.
  await wallet.emitChainChanged(31338, { topic: session.topic })
  await eventually(() => Number(dapp.events.chainChanged!.at(-1)) === 31338, 'chainChanged after the drop')
})

test.run()
