// @ts-check
// A WalletConnect relay double: just enough of the Reown relay protocol (JSON-RPC over a
// WebSocket) for @walletconnect/core 2.x clients, the dapp's universal provider and a wallet, to
// find each other on 127.0.0.1 without the internet.
//
//   const relay = await startRelay()            // port 0 = a free port
//   relay.url                                   // ws://127.0.0.1:PORT: give it as `relayUrl`
//   relay.dropAll()                             // close every client socket (clients reconnect)
//   relay.refuse(projectId, reason)             // close that project's sockets with 3000 + reason
//   relay.stats()                               // { clients, topics, messages, published, delivered, … }
//   await relay.stop()
//
// What it does (and nothing more):
// - accepts any `?auth=<JWT>&projectId=…&ua=…` query; the JWT is not checked, only read for the
//   client's id (its `iss`), so messages are never echoed to their sender and each client gets a
//   stored message once, across reconnects;
// - `irn_subscribe` / `irn_batchSubscribe` / `irn_unsubscribe` per socket (clients subscribe
//   again after a reconnect), answering subscription ids;
// - `irn_publish` / `irn_batchPublish`: keeps each message on its topic until its TTL runs out,
//   delivers it with `irn_subscription` to every other subscribed client now, and to a client
//   that subscribes later;
// - `wc_proposeSession { pairingTopic, sessionProposal }`: publishes the proposal on the pairing
//   topic and subscribes the sender (the dapp) to it;
// - `wc_approveSession { sessionTopic, pairingTopic, sessionProposalResponse,
//   sessionSettlementRequest }`: publishes the response on the pairing topic and the settlement
//   on the session topic, and subscribes the sender (the wallet) to the session topic. The
//   clients mark those topics subscribed without asking (`skipSubscribe`), so the relay must;
// - `irn_batchFetchMessages` answers `{ messages: [], hasMore: false }`: stored messages are
//   pushed on subscribe instead;
// - a WebSocket ping every `pingIntervalMs` (10 s): Node clients drop a socket after 35 s of
//   silence.
import { createHash, randomUUID } from 'node:crypto'
import { WebSocketServer } from 'ws'

/** Tags of the messages the two custom methods carry (the sign protocol's own tags). */
const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 }
const DEFAULT_TTL_SECONDS = 300

/**
 * @param {{ port?: number, host?: string, pingIntervalMs?: number, log?: (line: string) => void }} [options]
 *   `log`: called with one line per request and delivery (off by default)
 */
export async function startRelay({ port = 0, host = '127.0.0.1', pingIntervalMs = 10_000, log } = {}) {
  const server = new WebSocketServer({ host, port })
  await new Promise((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port
  const url = `ws://${host}:${actualPort}`

  /**
   * @typedef {{ hash: string, topic: string, message: string, tag: number, publishedAt: number,
   *   expiresAt: number, sender: string }} StoredMessage
   * @typedef {{ socket: import('ws').WebSocket, clientId: string, topics: Map<string, string>,
   *   inFlight: Map<string, StoredMessage>, nextId: number }} Client
   */
  /** @type {Set<Client>} */
  const clients = new Set()
  /** topic → messages kept for later subscribers */
  /** @type {Map<string, StoredMessage[]>} */
  const messagesByTopic = new Map()
  /** clientId → hashes of messages it acknowledged (or sent) */
  /** @type {Map<string, Set<string>>} */
  const seenBy = new Map()
  const counters = { connections: 0, published: 0, delivered: 0, acknowledged: 0, requests: 0, dropped: 0, refused: 0 }
  /** @type {Record<string, number>} */
  const methods = {}

  /** @param {string} line */
  const trace = (line) => log?.(`[relay] ${line}`)
  /** @param {string} clientId */
  const seen = (clientId) => {
    let set = seenBy.get(clientId)
    if (!set) seenBy.set(clientId, (set = new Set()))
    return set
  }

  /** @param {string} topic */
  function liveMessages(topic) {
    const list = messagesByTopic.get(topic)
    if (!list) return []
    const now = Date.now()
    const live = list.filter((m) => m.expiresAt > now)
    if (live.length !== list.length) {
      if (live.length) messagesByTopic.set(topic, live)
      else messagesByTopic.delete(topic)
    }
    return live
  }

  /** @param {Client} client @param {StoredMessage} stored */
  function deliver(client, stored) {
    if (stored.sender === client.clientId) return
    if (seen(client.clientId).has(stored.hash)) return
    if ([...client.inFlight.values()].includes(stored)) return
    const subscriptionId = client.topics.get(stored.topic)
    if (!subscriptionId || client.socket.readyState !== client.socket.OPEN) return
    const id = Date.now() * 1000 + (client.nextId++ % 1000)
    client.inFlight.set(String(id), stored)
    counters.delivered++
    trace(`→ ${short(client.clientId)} irn_subscription ${short(stored.topic)} tag ${stored.tag}`)
    send(client, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: { topic: stored.topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag },
      },
    })
  }

  /**
   * Keep a message on its topic and hand it to every subscriber but its sender.
   * @param {Client} sender
   * @param {{ topic?: unknown, message?: unknown, ttl?: any, tag?: unknown }} params as sent: checked here
   */
  function publish(sender, { topic, message, ttl, tag }) {
    if (typeof topic !== 'string' || typeof message !== 'string' || !topic || !message) {
      throw Object.assign(new Error('topic and message are required'), { code: -32602 })
    }
    const hash = createHash('sha256').update(topic).update('\0').update(message).digest('hex')
    const existing = liveMessages(topic).find((m) => m.hash === hash)
    if (existing) return // a retried publish: already kept and delivered
    const publishedAt = Date.now()
    const seconds = Number.isFinite(ttl) && ttl > 0 ? Number(ttl) : DEFAULT_TTL_SECONDS
    /** @type {StoredMessage} */
    const stored = {
      hash,
      topic,
      message,
      tag: Number(tag) || 0,
      publishedAt,
      expiresAt: publishedAt + seconds * 1000,
      sender: sender.clientId,
    }
    const list = messagesByTopic.get(topic) ?? []
    list.push(stored)
    messagesByTopic.set(topic, list)
    seen(sender.clientId).add(hash)
    counters.published++
    trace(`← ${short(sender.clientId)} publish ${short(topic)} tag ${stored.tag}`)
    for (const client of clients) deliver(client, stored)
  }

  /** @param {Client} client @param {string} topic */
  function subscribe(client, topic) {
    if (typeof topic !== 'string' || !topic) throw Object.assign(new Error('topic is required'), { code: -32602 })
    let subscriptionId = client.topics.get(topic)
    if (!subscriptionId) {
      subscriptionId = createHash('sha256').update(`${topic}:${client.clientId}`).digest('hex')
      client.topics.set(topic, subscriptionId)
    }
    return subscriptionId
  }

  /**
   * Stored messages the client has not had yet, on a topic it just subscribed to.
   * @param {Client} client @param {string} topic
   */
  function flush(client, topic) {
    for (const stored of liveMessages(topic)) deliver(client, stored)
  }

  /** @param {Client} client @param {any} request */
  function handleRequest(client, request) {
    const { method, params = {} } = request
    methods[method] = (methods[method] ?? 0) + 1
    counters.requests++
    /** @type {(() => void)[]} */
    const after = []
    let result
    switch (method) {
      case 'irn_subscribe': {
        result = subscribe(client, params.topic)
        after.push(() => flush(client, params.topic))
        break
      }
      case 'irn_batchSubscribe': {
        /** @type {string[]} */
        const topics = Array.isArray(params.topics) ? params.topics : []
        result = topics.map((topic) => subscribe(client, topic))
        after.push(() => topics.forEach((topic) => flush(client, topic)))
        break
      }
      case 'irn_unsubscribe': {
        client.topics.delete(params.topic)
        result = true
        break
      }
      case 'irn_batchUnsubscribe': {
        for (const { topic } of params.subscriptions ?? []) client.topics.delete(topic)
        result = true
        break
      }
      case 'irn_batchFetchMessages': {
        result = { messages: [], hasMore: false }
        break
      }
      case 'irn_publish': {
        publish(client, params)
        result = true
        break
      }
      case 'irn_batchPublish': {
        for (const message of params.messages ?? []) publish(client, message)
        result = true
        break
      }
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl } = params
        subscribe(client, pairingTopic)
        publish(client, { topic: pairingTopic, message: sessionProposal, ttl, tag: TAGS.sessionPropose })
        result = true
        break
      }
      case 'wc_approveSession': {
        const { sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl } = params
        subscribe(client, sessionTopic)
        publish(client, {
          topic: pairingTopic,
          message: sessionProposalResponse,
          ttl,
          tag: TAGS.sessionProposeResponse,
        })
        publish(client, { topic: sessionTopic, message: sessionSettlementRequest, ttl, tag: TAGS.sessionSettle })
        after.push(() => flush(client, sessionTopic))
        result = true
        break
      }
      default:
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 })
    }
    trace(`← ${short(client.clientId)} ${method}`)
    send(client, { id: request.id, jsonrpc: '2.0', result })
    for (const step of after) step()
  }

  /** @param {Client} client @param {any} payload */
  function onMessage(client, payload) {
    if (payload && typeof payload.method === 'string') {
      try {
        handleRequest(client, payload)
      } catch (caught) {
        const error = /** @type {Error & { code?: number }} */ (caught)
        send(client, { id: payload.id, jsonrpc: '2.0', error: { code: error.code ?? -32000, message: error.message } })
      }
      return
    }
    // An answer from the client: its acknowledgement of an irn_subscription.
    if (payload && payload.id !== undefined) {
      const stored = client.inFlight.get(String(payload.id))
      trace(`← ${short(client.clientId)} ack ${payload.id}${stored ? '' : ' (unknown)'}`)
      if (!stored) return
      client.inFlight.delete(String(payload.id))
      if (payload.error) return
      seen(client.clientId).add(stored.hash)
      counters.acknowledged++
    }
  }

  /** @param {Client} client @param {object} payload */
  function send(client, payload) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(payload))
  }

  /** projectId → the reason its sockets are closed with (the hosted relay's refusals, on demand). */
  /** @type {Map<string, string>} */
  const refusals = new Map()

  server.on('connection', (socket, request) => {
    const query = new URL(request.url ?? '/', 'http://relay').searchParams
    const refusal = refusals.get(query.get('projectId') ?? '')
    if (refusal !== undefined) {
      // As the hosted relay refuses a project or an origin: open, then close with 3000 and why.
      counters.refused++
      trace(`x refused project ${query.get('projectId')}: ${refusal}`)
      socket.close(3000, refusal)
      return
    }
    const client = /** @type {Client} */ ({
      socket,
      clientId: clientIdFrom(query.get('auth')) ?? `anonymous:${randomUUID()}`,
      topics: new Map(),
      inFlight: new Map(),
      nextId: 0,
    })
    clients.add(client)
    counters.connections++
    trace(`+ ${short(client.clientId)} connected (project ${query.get('projectId') ?? '-'})`)
    socket.on('message', (data) => {
      let payload
      try {
        payload = JSON.parse(String(data))
      } catch {
        send(client, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
        return
      }
      onMessage(client, payload)
    })
    socket.on('close', () => {
      clients.delete(client)
      trace(`- ${short(client.clientId)} disconnected`)
    })
    socket.on('error', () => undefined)
  })

  const pinger = setInterval(() => {
    for (const client of clients) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.ping()
    }
  }, pingIntervalMs)
  pinger.unref()

  let stopping
  return {
    url,
    port: actualPort,
    /** Close every client socket (as a relay restart or a network drop would); clients reconnect. */
    dropAll() {
      for (const client of clients) {
        counters.dropped++
        client.socket.terminate()
      }
    },
    /**
     * Refuse every socket of a project from now on, closing it with code 3000 and `reason` (the
     * hosted relay's texts: 'Unauthorized: invalid key', 'Unauthorized: origin not allowed', …);
     * `undefined` serves the project again.
     * @param {string} projectId
     * @param {string | undefined} reason
     */
    refuse(projectId, reason) {
      if (reason === undefined) refusals.delete(projectId)
      else refusals.set(projectId, reason)
    },
    /** Counts for tests and the demo. */
    stats() {
      let messages = 0
      for (const topic of [...messagesByTopic.keys()]) messages += liveMessages(topic).length
      return {
        clients: clients.size,
        subscriptions: [...clients].reduce((sum, client) => sum + client.topics.size, 0),
        topics: messagesByTopic.size,
        messages,
        ...counters,
        methods: { ...methods },
      }
    },
    /** Stop listening and close every socket; safe to call more than once. */
    stop() {
      stopping ??= new Promise((resolve) => {
        clearInterval(pinger)
        for (const client of clients) client.socket.terminate()
        server.close(() => resolve(undefined))
      })
      return stopping
    },
  }
}

/**
 * The client's id (the JWT's `iss`, a did:key), read without checking the signature.
 * @param {string | null} jwt
 */
function clientIdFrom(jwt) {
  if (!jwt) return undefined
  try {
    const payload = JSON.parse(Buffer.from(/** @type {string} */ (jwt.split('.')[1]), 'base64url').toString('utf8'))
    return typeof payload.iss === 'string' ? payload.iss : undefined
  } catch {
    return undefined
  }
}

/** @param {string} text */
const short = (text) => (text.length > 16 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text)
