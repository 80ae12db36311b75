// @ts-check
// The sandbox's local Solana network: one LiteSVM instance (real SVM execution, in process) behind
// a Solana JSON-RPC server, with the PubSub WebSocket on the same port, so @solana/kit's
// createSolanaRpc / createSolanaRpcSubscriptions and web3.js-style clients work against it.
//
//   const solana = await startSolana({ port: 0 })   // 0 = a free port
//   solana.rpcUrl, solana.wsUrl                     // http://127.0.0.1:PORT, ws://127.0.0.1:PORT
//   solana.caipNetworkId                            // 'solana:' + the first 32 characters of genesisHash
//   solana.tokens                                   // [{ address: <USDC mint>, symbol: 'USDC', name: 'USD Coin', decimals: 6 }]
//   await solana.stop()
//
// At start, through the SVM like any later transaction: the faucet (genesis account, also the
// USDC mint authority) creates the USDC mint, sends 10 SOL to the test wallet's account and 1 SOL
// to the recipient, and mints 1250.5 USDC to the wallet's associated token account. The accounts
// are those of demo/test-wallet/solana-account.js. requestAirdrop is a transfer from the faucet.
// RPC methods: solana-rpc.mjs; slots, blockhashes and history: solana-ledger.mjs.
import { createServer } from 'node:http'
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase16Encoder,
  getTransactionEncoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
} from '@solana-program/token'
import { LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'
import { SOLANA_RECIPIENT_ADDRESS, SOLANA_WALLET_ADDRESS } from '../test-wallet/solana-account.js'
import { createAccountReader } from './solana-accounts.mjs'
import { RPC_ERRORS, RpcError, createLedger } from './solana-ledger.mjs'
import { answerJsonRpc, createSolanaMethods, errorReply, toJson } from './solana-rpc.mjs'

const HOST = '127.0.0.1'
const MAX_BODY_BYTES = 5_000_000
const LAMPORTS_PER_SOL = 1_000_000_000n
const IMMEDIATE_NOTIFICATION_DELAY_MS = 25

/** Genesis hash of the local network: base58 of sha256('sigkit-sandbox:solana-genesis'). */
export const SOLANA_GENESIS_HASH = '35cYo5JvRDXVJh3md53rboQVUJRhkt2zvxHCwJmbg7dm'
/** CAIP-2 id: `solana:` + the first 32 characters of the genesis hash. */
export const SOLANA_CAIP_NETWORK_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}`
export const SOLANA_NETWORK_NAME = 'Solana Local'
export const SOLANA_NATIVE_CURRENCY = Object.freeze({ name: 'Solana', symbol: 'SOL', decimals: 9 })

// Fixed keys of the sandbox's own accounts (sha256 of the label, as in solana-account.js).
/** sha256('sigkit-sandbox:solana-faucet'): genesis funds, fee payer of the setup, USDC mint authority. */
const FAUCET_SEED = '9bfd4a571fe2a6c7dbd4d071022faf8d5884e74f2d5b2791bafed74ba04f7f54'
/** sha256('sigkit-sandbox:solana-usdc-mint'): the USDC mint's own keypair (its address). */
const USDC_MINT_SEED = 'ca23378c588863db936ba3ca79c3d0c02bedd742dff9aecc6431a25ce6ac729c'
/** LiteSVM's own airdrop account holds a little under 1 M SOL. */
const FAUCET_LAMPORTS = 100_000n * LAMPORTS_PER_SOL

/** What the setup funds (base units). */
export const SOLANA_FUNDING = Object.freeze({
  walletLamports: 10n * LAMPORTS_PER_SOL,
  recipientLamports: 1n * LAMPORTS_PER_SOL,
  walletUsdc: 1_250_500_000n,
})
const USDC = Object.freeze({ symbol: 'USDC', name: 'USD Coin', decimals: 6 })

const signerFromSeed = (/** @type {string} */ seed) =>
  createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(getBase16Encoder().encode(seed)))

/**
 * @param {{ port?: number }} [options]
 */
export async function startSolana({ port = 0 } = {}) {
  const svm = new LiteSVM()
  const accounts = createAccountReader(svm)
  const ledger = createLedger({ svm, tokenBalancesOf: accounts.tokenBalances })
  const [faucet, mint] = await Promise.all([signerFromSeed(FAUCET_SEED), signerFromSeed(USDC_MINT_SEED)])
  const genesis = svm.airdrop(faucet.address, /** @type {any} */ (FAUCET_LAMPORTS))
  if (!genesis || 'err' in genesis) throw new Error(`Could not fund the Solana faucet: ${genesis}`)

  let faucetQueue = Promise.resolve()
  /**
   * Sign `instructions` with the faucet paying, on the latest blockhash, and land them. One at a
   * time: two equal airdrops signed on the same blockhash would be the same transaction.
   * @param {any[]} instructions
   * @returns {Promise<import('./solana-ledger.mjs').LandedTransaction>}
   */
  function landAsFaucet(instructions) {
    const landed = faucetQueue.then(() => signAndLand(instructions))
    faucetQueue = landed.then(
      () => undefined,
      () => undefined,
    )
    return landed
  }
  async function signAndLand(/** @type {any[]} */ instructions) {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(faucet, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(/** @type {any} */ (ledger.latestBlockhash()), draft),
      (draft) => appendTransactionMessageInstructions(instructions, draft),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return ledger.send(Uint8Array.from(getTransactionEncoder().encode(signed)))
  }

  const wallet = /** @type {import('@solana/kit').Address} */ (SOLANA_WALLET_ADDRESS)
  const recipient = /** @type {import('@solana/kit').Address} */ (SOLANA_RECIPIENT_ADDRESS)
  const [walletUsdcAccount] = await findAssociatedTokenPda({
    owner: wallet,
    mint: mint.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  await landAsFaucet([
    getCreateAccountInstruction({
      payer: faucet,
      newAccount: mint,
      lamports: svm.minimumBalanceForRentExemption(BigInt(getMintSize())),
      space: getMintSize(),
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: USDC.decimals, mintAuthority: faucet.address }),
  ])
  await landAsFaucet([
    getTransferSolInstruction({ source: faucet, destination: wallet, amount: SOLANA_FUNDING.walletLamports }),
    getTransferSolInstruction({ source: faucet, destination: recipient, amount: SOLANA_FUNDING.recipientLamports }),
  ])
  await landAsFaucet([
    getCreateAssociatedTokenIdempotentInstruction({
      payer: faucet,
      ata: walletUsdcAccount,
      owner: wallet,
      mint: mint.address,
    }),
    getMintToCheckedInstruction({
      mint: mint.address,
      token: walletUsdcAccount,
      mintAuthority: faucet,
      amount: SOLANA_FUNDING.walletUsdc,
      decimals: USDC.decimals,
    }),
  ])

  const methods = createSolanaMethods({
    ledger,
    accounts,
    genesisHash: SOLANA_GENESIS_HASH,
    identity: faucet.address,
    airdrop: async (address, lamports) =>
      (
        await landAsFaucet([
          getTransferSolInstruction({ source: faucet, destination: /** @type {any} */ (address), amount: lamports }),
        ])
      ).signature,
  })

  const server = createServer((request, response) => {
    handleHttp(request, response, methods).catch((error) => {
      console.error('[sandbox solana]', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  const pubsub = startPubSub(server, ledger, accounts)

  await new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        /** @type {any} */ (error).code === 'EADDRINUSE'
          ? new Error(`Solana RPC port ${port} is in use (EADDRINUSE)`)
          : error,
      ),
    )
    server.listen(port, HOST, () => resolve(undefined))
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())

  let stopping
  return {
    rpcUrl: `http://${HOST}:${address.port}`,
    /** Same port: the HTTP server upgrades WebSocket requests. */
    wsUrl: `ws://${HOST}:${address.port}`,
    port: address.port,
    genesisHash: SOLANA_GENESIS_HASH,
    caipNetworkId: SOLANA_CAIP_NETWORK_ID,
    name: SOLANA_NETWORK_NAME,
    nativeCurrency: SOLANA_NATIVE_CURRENCY,
    tokens: [{ address: /** @type {string} */ (mint.address), ...USDC }],
    accounts: { wallet: SOLANA_WALLET_ADDRESS, recipient: SOLANA_RECIPIENT_ADDRESS },
    svm,
    ledger,
    /** Closes the server and every socket; safe to call more than once. */
    stop() {
      stopping ??= new Promise((resolve) => {
        pubsub.close()
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

/**
 * POST / with one JSON-RPC request or a batch; GET /health; CORS for browser pages.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {Record<string, (params: unknown[]) => unknown>} methods
 */
async function handleHttp(request, response, methods) {
  const cors = { 'access-control-allow-origin': '*' }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      ...cors,
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] || '*',
      'access-control-max-age': '600',
    })
    return void response.end()
  }
  if (request.method === 'GET' && request.url?.split('?')[0] === '/health') {
    return void response.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok')
  }
  if (request.method !== 'POST') {
    return void response.writeHead(405, { ...cors, allow: 'POST, OPTIONS' }).end()
  }
  const body = await readBody(request)
  if (body === undefined) return void response.writeHead(413, cors).end()
  let payload
  try {
    payload = JSON.parse(body)
  } catch {
    payload = undefined
  }
  const reply =
    payload === undefined
      ? errorReply(null, new RpcError(RPC_ERRORS.PARSE, 'Parse error'))
      : await answerJsonRpc(payload, methods)
  if (reply === undefined) return void response.writeHead(204, cors).end()
  const text = toJson(reply)
  response.writeHead(200, {
    ...cors,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  })
  response.end(text)
}

/** The body as text, or undefined past MAX_BODY_BYTES. @param {import('node:http').IncomingMessage} request */
function readBody(request) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    request.on('data', (chunk) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/**
 * Solana's PubSub on the RPC server's port: signatureSubscribe (auto-removed once notified; at
 * once when the signature already landed), slotSubscribe and accountSubscribe, each with its
 * Unsubscribe. Subscription ids count from 1 across all sockets.
 * @param {import('node:http').Server} server
 * @param {ReturnType<typeof createLedger>} ledger
 * @param {ReturnType<typeof createAccountReader>} accounts
 */
function startPubSub(server, ledger, accounts) {
  const wss = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request)),
  )
  let nextId = 1
  /** @typedef {{ kind: 'signature', signature: string, received: boolean } | { kind: 'slot' } | { kind: 'account', address: string, config: Record<string, any> }} SubscriptionRequest */
  /** @typedef {SubscriptionRequest & { client: import('ws').WebSocket }} Subscription */
  /** @type {Map<number, Subscription>} */
  const subscriptions = new Map()

  const notify = (/** @type {number} */ id, /** @type {string} */ method, /** @type {unknown} */ result) => {
    const client = subscriptions.get(id)?.client
    if (client && client.readyState === client.OPEN) {
      client.send(toJson({ jsonrpc: '2.0', method, params: { result, subscription: id } }))
    }
  }
  const signatureDone = (
    /** @type {number} */ id,
    /** @type {import('./solana-ledger.mjs').LandedTransaction} */ landed,
  ) => {
    notify(id, 'signatureNotification', { context: { slot: landed.slot }, value: { err: landed.err } })
    subscriptions.delete(id)
  }

  const stopLanded = ledger.onLanded((landed) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'signature' && subscription.signature === landed.signature) {
        if (subscription.received)
          notify(id, 'signatureNotification', { context: { slot: landed.slot }, value: 'receivedSignature' })
        signatureDone(id, landed)
      } else if (subscription.kind === 'account' && landed.accountKeys.includes(subscription.address)) {
        notify(id, 'accountNotification', {
          context: { slot: landed.slot },
          value: accounts.encode(accounts.get(subscription.address), subscription.config),
        })
      }
    }
  })
  const stopSlots = ledger.onSlot((slot) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'slot') notify(id, 'slotNotification', { parent: slot - 1n, root: slot - 1n, slot })
    }
  })

  wss.on('connection', (client) => {
    const subscribe = (/** @type {SubscriptionRequest} */ subscription) => {
      const id = nextId++
      subscriptions.set(id, /** @type {Subscription} */ ({ ...subscription, client }))
      return id
    }
    const unsubscribe =
      (/** @type {Subscription['kind']} */ kind) =>
      (/** @type {unknown[]} */ [id]) => {
        const subscription = subscriptions.get(Number(id))
        if (!subscription || subscription.client !== client || subscription.kind !== kind)
          throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid subscription id.')
        return subscriptions.delete(Number(id))
      }
    /** `afterReply`: what to run once the reply of this message has been sent. */
    /** @type {Record<string, (params: any[], context: { afterReply: (() => void)[] }) => unknown>} */
    const methods = {
      signatureSubscribe: ([signature, config], { afterReply }) => {
        if (typeof signature !== 'string') throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid param: signature')
        const id = subscribe({ kind: 'signature', signature, received: config?.enableReceivedNotification === true })
        const landed = ledger.statusOf(signature, true)
        // Already landed: notify right away, but in a later packet than the reply. A client that
        // reads both in one chunk (kit does) would get the notification before it starts listening.
        if (landed) afterReply.push(() => setTimeout(() => signatureDone(id, landed), IMMEDIATE_NOTIFICATION_DELAY_MS))
        return id
      },
      signatureUnsubscribe: unsubscribe('signature'),
      slotSubscribe: () => subscribe({ kind: 'slot' }),
      slotUnsubscribe: unsubscribe('slot'),
      accountSubscribe: ([address, config]) => {
        if (typeof address !== 'string' || !isAddress(address))
          throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid param: address')
        return subscribe({ kind: 'account', address, config: { encoding: 'base64', ...(config ?? {}) } })
      },
      accountUnsubscribe: unsubscribe('account'),
    }
    client.on('message', async (data) => {
      let payload
      try {
        payload = JSON.parse(String(data))
      } catch {
        return client.send(toJson(errorReply(null, new RpcError(RPC_ERRORS.PARSE, 'Parse error'))))
      }
      const context = { afterReply: /** @type {(() => void)[]} */ ([]) }
      const reply = await answerJsonRpc(payload, methods, context)
      if (reply !== undefined && client.readyState === client.OPEN) client.send(toJson(reply))
      for (const run of context.afterReply) run()
    })
    client.on('close', () => {
      for (const [id, subscription] of subscriptions) if (subscription.client === client) subscriptions.delete(id)
    })
  })

  return {
    close() {
      stopLanded()
      stopSlots()
      for (const client of wss.clients) client.terminate()
      wss.close()
    },
  }
}
