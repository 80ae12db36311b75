// The relay double on its own, over raw WebSockets: what it answers, who gets which message, what
// it keeps for later subscribers, pings, drops and stop().
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { startRelay } from '../../../demo/sandbox/relay.mjs'
import { exitSoon } from './helpers'

type Relay = Awaited<ReturnType<typeof startRelay>>
let relay: Relay

/** A JWT as the clients send it: only `iss` (the client id) matters to the relay. */
function jwtFor(clientId: string) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss: clientId, sub: 'x', aud: 'wss://relay', iat: 0, exp: 9e9 })}.c2ln`
}

interface Client {
  socket: WebSocket
  /** irn_subscription deliveries, in order */
  deliveries: any[]
  pings: number
  call(method: string, params?: unknown): Promise<any>
  /** Deliveries are acknowledged unless this is false. */
  acknowledge: boolean
  close(): void
}

let nextId = 1
async function connect(clientId?: string, query = ''): Promise<Client> {
  const auth = clientId ? `auth=${jwtFor(clientId)}&` : ''
  const socket = new WebSocket(`${relay.url}/?${auth}projectId=test&ua=wc-2%2Fjs-2.25.0${query}`)
  const pending = new Map<number, (payload: any) => void>()
  const client: Client = {
    socket,
    deliveries: [],
    pings: 0,
    acknowledge: true,
    call(method, params = {}) {
      const id = nextId++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      })
    },
    close: () => socket.terminate(),
  }
  socket.on('ping', () => client.pings++)
  socket.on('message', (data) => {
    const payload = JSON.parse(String(data))
    if (payload.method === 'irn_subscription') {
      client.deliveries.push(payload.params)
      if (client.acknowledge) socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
      return
    }
    pending.get(payload.id)?.(payload)
    pending.delete(payload.id)
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return client
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms))
const topic = (name: string) => Buffer.from(name.padEnd(32, '.')).toString('hex')

test.before(async () => {
  relay = await startRelay({ pingIntervalMs: 100 })
})
test.after(async () => {
  await relay.stop()
  exitSoon()
})

test('a ws://127.0.0.1 URL; any auth and projectId are accepted', async () => {
  assert.match(relay.url, /^ws:\/\/127\.0\.0\.1:\d+$/)
  const withAuth = await connect('did:key:zAlice')
  const withoutAuth = await connect(undefined, '&auth=not-a-jwt')
  assert.is((await withAuth.call('irn_batchFetchMessages', { topics: [topic('x')] })).result.hasMore, false)
  assert.equal((await withoutAuth.call('irn_batchFetchMessages', { topics: [] })).result, {
    messages: [],
    hasMore: false,
  })
  withAuth.close()
  withoutAuth.close()
})

test('publish reaches every other subscriber, never the sender', async () => {
  const alice = await connect('did:key:zAlice1')
  const bob = await connect('did:key:zBob1')
  const t = topic('publish')
  const aliceSub = await alice.call('irn_subscribe', { topic: t })
  const bobSub = await bob.call('irn_subscribe', { topic: t })
  assert.type(aliceSub.result, 'string')
  assert.type(bobSub.result, 'string')
  const published = await alice.call('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108 })
  assert.is(published.result, true)
  await settle()
  assert.is(alice.deliveries.length, 0, 'no echo')
  assert.is(bob.deliveries.length, 1)
  const [delivery] = bob.deliveries
  assert.is(delivery.id, bobSub.result)
  assert.is(delivery.data.topic, t)
  assert.is(delivery.data.message, 'hello')
  assert.is(delivery.data.tag, 1108)
  assert.type(delivery.data.publishedAt, 'number')
  // The same message published again (a client retry) is not delivered twice.
  await alice.call('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108 })
  await settle()
  assert.is(bob.deliveries.length, 1)
  alice.close()
  bob.close()
})

test('messages wait for a later subscriber; an acknowledged message is not sent again after a reconnect', async () => {
  const alice = await connect('did:key:zAlice2')
  const t = topic('stored')
  await alice.call('irn_publish', { topic: t, message: 'first', ttl: 300, tag: 1 })
  await alice.call('irn_batchPublish', { messages: [{ topic: t, message: 'second', ttl: 300, tag: 2 }] })

  const bob = await connect('did:key:zBob2')
  bob.acknowledge = false
  await bob.call('irn_batchSubscribe', { topics: [t] })
  await settle()
  assert.equal(
    bob.deliveries.map((d) => d.data.message),
    ['first', 'second'],
  )
  bob.close()

  // Not acknowledged: the same client (same id), reconnected, gets them again, and acknowledges.
  const bobAgain = await connect('did:key:zBob2')
  const ids = await bobAgain.call('irn_batchSubscribe', { topics: [t] })
  assert.is(ids.result.length, 1)
  await settle()
  assert.equal(
    bobAgain.deliveries.map((d) => d.data.message),
    ['first', 'second'],
  )
  bobAgain.close()

  const bobThird = await connect('did:key:zBob2')
  await bobThird.call('irn_subscribe', { topic: t })
  await settle()
  assert.equal(bobThird.deliveries, [], 'acknowledged messages are not sent again')
  // Unsubscribed: nothing more arrives.
  await bobThird.call('irn_unsubscribe', { topic: t, id: 'x' })
  await alice.call('irn_publish', { topic: t, message: 'third', ttl: 300, tag: 3 })
  await settle()
  assert.equal(bobThird.deliveries, [])
  alice.close()
  bobThird.close()
})

test('a message past its TTL is dropped', async () => {
  const alice = await connect('did:key:zAlice3')
  const t = topic('ttl')
  await alice.call('irn_publish', { topic: t, message: 'short-lived', ttl: 1, tag: 1 })
  await settle(1100)
  const bob = await connect('did:key:zBob3')
  await bob.call('irn_subscribe', { topic: t })
  await settle()
  assert.equal(bob.deliveries, [])
  alice.close()
  bob.close()
})

test('wc_proposeSession subscribes the dapp to the pairing topic; wc_approveSession the wallet to the session topic', async () => {
  const dapp = await connect('did:key:zDapp')
  const wallet = await connect('did:key:zWallet')
  const pairingTopic = topic('pairing')
  const sessionTopic = topic('session')
  await wallet.call('irn_subscribe', { topic: pairingTopic })

  assert.is(
    (await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300 })).result,
    true,
  )
  await settle()
  assert.equal(
    wallet.deliveries.map((d) => [d.data.topic, d.data.message, d.data.tag]),
    [[pairingTopic, 'proposal', 1100]],
  )

  const approved = await wallet.call('wc_approveSession', {
    sessionTopic,
    pairingTopic,
    sessionProposalResponse: 'response',
    sessionSettlementRequest: 'settle',
    ttl: 300,
  })
  assert.is(approved.result, true)
  await settle()
  // The dapp gets the response on the pairing topic without having subscribed to it…
  assert.equal(
    dapp.deliveries.map((d) => [d.data.topic, d.data.message, d.data.tag]),
    [[pairingTopic, 'response', 1101]],
  )
  // … and the settlement once it subscribes to the session topic.
  await dapp.call('irn_subscribe', { topic: sessionTopic })
  await settle()
  assert.equal(dapp.deliveries.at(-1).data.message, 'settle')
  assert.is(dapp.deliveries.at(-1).data.tag, 1102)
  // The wallet is on the session topic: the dapp's answer reaches it.
  await dapp.call('irn_publish', { topic: sessionTopic, message: 'settle-ack', ttl: 300, tag: 1103 })
  await settle()
  assert.equal(wallet.deliveries.at(-1).data.message, 'settle-ack')
  assert.not.ok(
    wallet.deliveries.some((d) => d.data.message === 'settle' || d.data.message === 'response'),
    'no echo of its own',
  )
  dapp.close()
  wallet.close()
})

test('unknown methods and broken JSON get JSON-RPC errors', async () => {
  const client = await connect('did:key:zErrors')
  const unknown = await client.call('irn_nope', {})
  assert.is(unknown.error.code, -32601)
  const missing = await client.call('irn_publish', { topic: topic('x') })
  assert.is(missing.error.code, -32602)
  const parseError = new Promise<any>((resolve) =>
    client.socket.once('message', (data) => resolve(JSON.parse(String(data)))),
  )
  client.socket.send('{not json')
  assert.is((await parseError).error.code, -32700)
  client.close()
})

test('pings every pingIntervalMs; dropAll() closes every socket; stats() counts', async () => {
  const client = await connect('did:key:zPing')
  const other = await connect('did:key:zPing2')
  await settle(250)
  assert.ok(client.pings >= 1, `${client.pings} pings`)
  const before = relay.stats()
  assert.is(before.clients, 2)
  assert.ok(before.published >= 1 && before.delivered >= 1 && before.acknowledged >= 1)
  assert.ok(before.methods.irn_subscribe! >= 1)
  const closed = Promise.all(
    [client, other].map((each) => new Promise((resolve) => each.socket.once('close', resolve))),
  )
  relay.dropAll()
  await closed
  await settle()
  const after = relay.stats()
  assert.is(after.clients, 0)
  assert.is(after.dropped, before.dropped + 2)
})

test('stop() closes the port; a second stop() is fine', async () => {
  const own = await startRelay()
  const port = own.port
  await own.stop()
  await own.stop()
  const error = await new Promise<Error | undefined>((resolve) => {
    const socket = new WebSocket(own.url)
    socket.once('open', () => {
      socket.terminate()
      resolve(undefined)
    })
    socket.once('error', resolve)
  })
  assert.ok(error, `port ${port} still accepts connections`)
  // A taken port fails fast.
  const taken = await startRelay({ port: relay.port }).then(
    async (unexpected) => {
      await unexpected.stop()
      return undefined
    },
    (e: Error) => e,
  )
  assert.match(String(taken?.message), /EADDRINUSE/)
})

test.run()
