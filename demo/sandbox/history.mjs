// @ts-check
// The API emulator's history route, GET /v1/account/{address}/history?chainId=<CAIP-2>&cursor=…,
// answered by indexing the real local chains, in the hosted shape (HOSTED-API.md §5):
// `{ data: Transaction[], next: string | null }`, newest first, HISTORY_PAGE_SIZE per page, `next`
// an opaque cursor sent back as `cursor`. Without chainId: every chain of the address's namespace.
//
//   const history = createHistory({ chains, tokens, nfts, solana, prices, tokenIconUrl, nftImageUrl, chainError })
//   history.routes, history.handlers   // merged into the emulator's routing table
//   history.stats()                    // per chain: blocks indexed, transactions, RPC requests made
//
// EVM chains are indexed whole, block by block (full transactions and their receipts, in JSON-RPC
// batches): native value, and ERC-20 and ERC-721 Transfer logs of any contract. Each request
// first catches up from the last indexed block, so after the first one a request costs one small
// batch however long the chain is; a rewound chain (a different block at the last indexed height)
// is indexed again from genesis. Transactions still in anvil's pool (automine off) are listed on
// top as `pending`, with the value and ERC-20 `transfer` their calldata announces. The Solana network has no block listing in its RPC, so it is
// indexed per address as hosted Solana indexers do: getSignaturesForAddress for the address and
// its token accounts (only signatures newer than the last seen), then getTransaction, with the
// SOL and SPL movements read from the balance changes in each transaction's meta.
//
// Quantities carry `int`, `decimals` and `float` beside the declared `numeric`, as the hosted
// server's answers do. Transfers of the collections flagged `spam` (nfts.mjs) carry
// `nft_info.flags.is_spam: true`, which the widget uses to hide transactions made only of them.
import { isAddress as isSolanaAddress } from '@solana/kit'
import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  isAddress,
  toEventSelector,
} from 'viem'
import { hex, rpcBatch, rpcBatchSettled } from './evm-batch.mjs'

/** Transactions per page. HOSTED-API.md and SPEC.md do not give the hosted page size; 50 keeps a
 * page quick to render while a few hundred transactions still take several pages. */
export const HISTORY_PAGE_SIZE = 50

export const HISTORY_ROUTES = Object.freeze([
  { name: 'history', method: 'GET', pattern: /^\/v1\/account\/([^/]+)\/history$/ },
])

/** Blocks fetched per JSON-RPC batch (each block is two calls: the block and its receipts). */
const BLOCKS_PER_BATCH = 100
/** getSignaturesForAddress's own maximum page. */
const SIGNATURES_PER_PAGE = 1000
const TRANSACTIONS_PER_BATCH = 100
const TOKEN_PROGRAMS = Object.freeze([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')
const APPROVAL_TOPICS = new Set([
  toEventSelector('Approval(address,address,uint256)'),
  toEventSelector('ApprovalForAll(address,address,bool)'),
])
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
const NFT_NAME_ABI = /** @type {const} */ ([
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
])

/** @typedef {import('./api.mjs').EmulatedChain} EmulatedChain */
/** @typedef {import('./api.mjs').EmulatedToken} EmulatedToken */
/** @typedef {import('./api.mjs').EmulatedSolanaNetwork} EmulatedSolanaNetwork */
/** @typedef {import('./nfts.mjs').Collection} Collection */
/**
 * A value moving in an EVM transaction. `amount` is the token id for an ERC-721.
 * @typedef {{ kind: 'native' | 'erc20' | 'erc721', contract: string, from: string, to: string, amount: bigint }} EvmMovement
 */
/**
 * An indexed EVM transaction; addresses lower-case.
 * @typedef {{ hash: string, block: number, index: number, time: number, from: string, to: string | null,
 *   created: string | null, nonce: number, status: 'confirmed' | 'failed' | 'pending', movements: EvmMovement[],
 *   approves: boolean }} EvmTransaction
 */
/**
 * An indexed Solana transaction: per account, the SOL it gained (negative: lost) apart from the
 * fee and the rent of token accounts it opened; per owner and mint, the tokens it gained.
 * @typedef {{ signature: string, slot: number, time: number, ok: boolean, feePayer: string,
 *   sol: Map<string, bigint>, tokens: { owner: string, mint: string, decimals: number, delta: bigint }[] }} SolanaTransaction
 */
/** @typedef {{ time: number, seq: number, chain: number }} OrderKey */
/** @typedef {{ key: OrderKey, build: () => Promise<unknown> }} HistoryItem */

/**
 * @param {{
 *   chains: EmulatedChain[],
 *   tokens: Record<number, EmulatedToken[]>,
 *   nfts?: Record<number, Collection[]>,
 *   solana?: EmulatedSolanaNetwork,
 *   prices: Record<string, number>,
 *   nativeCurrency: { name: string, symbol: string, decimals: number },
 *   tokenIconUrl: (symbol: string) => string,
 *   nftImageUrl: (chainId: number, contract: string, tokenId: string) => string,
 *   chainError: (caip: string, error: unknown) => Error,
 * }} options
 */
export function createHistory({
  chains,
  tokens,
  nfts = {},
  solana,
  prices,
  nativeCurrency,
  tokenIconUrl,
  nftImageUrl,
  chainError,
}) {
  const evmChains = chains.map((chain, order) => {
    const caip = chain.caipNetworkId ?? `eip155:${chain.chainId}`
    return { ...chain, caip, order, index: createEvmIndex(chain.rpcUrl), assets: createAssetBook(chain, tokens, nfts) }
  })
  const solanaChain = solana && {
    ...solana,
    order: evmChains.length,
    index: createSolanaIndex(solana.rpcUrl),
  }

  /**
   * A fungible transfer in the hosted shape.
   * @param {{ name: string, symbol: string, decimals: number }} asset
   * @param {'in' | 'out' | 'self'} direction
   * @param {bigint} amount
   */
  function fungibleTransfer(asset, direction, amount) {
    const numeric = formatUnits(amount, asset.decimals)
    const price = prices[asset.symbol]
    return {
      fungible_info: { name: asset.name, symbol: asset.symbol, icon: { url: tokenIconUrl(asset.symbol) } },
      direction,
      quantity: { int: amount.toString(), decimals: asset.decimals, float: Number(numeric), numeric },
      ...(price !== undefined ? { value: price * Number(numeric), price } : {}),
    }
  }

  /**
   * @param {(typeof evmChains)[number]} chain
   * @param {string} address lower-case
   */
  function evmItems(chain, address) {
    return chain.index.transactionsOf(address).map((transaction) => ({
      key: { time: transaction.time, seq: transaction.block * 100_000 + transaction.index, chain: chain.order },
      build: () => buildEvmTransaction(chain, address, transaction),
    }))
  }

  /**
   * @param {(typeof evmChains)[number]} chain
   * @param {string} address lower-case
   * @param {EvmTransaction} transaction
   */
  async function buildEvmTransaction(chain, address, transaction) {
    const mine = transaction.movements.filter((movement) => movement.from === address || movement.to === address)
    const transfers = await Promise.all(
      mine.map(async (movement) => {
        const direction = directionOf(movement.from, movement.to, address)
        if (movement.kind === 'native') return fungibleTransfer(nativeCurrency, direction, movement.amount)
        if (movement.kind === 'erc20')
          return fungibleTransfer(await chain.assets.token(movement.contract), direction, movement.amount)
        const collection = await chain.assets.collection(movement.contract)
        const tokenId = movement.amount.toString()
        const image = nftImageUrl(chain.chainId, movement.contract, tokenId)
        return {
          nft_info: {
            name: `${collection.name} #${tokenId}`,
            content: { preview: { url: image, content_type: null }, detail: { url: image, content_type: null } },
            flags: { is_spam: collection.spam },
          },
          direction,
          quantity: { int: '1', decimals: 0, float: 1, numeric: '1' },
        }
      }),
    )
    const mints = mine.every((movement) => movement.from === ZERO_ADDRESS)
    const burns = mine.every((movement) => movement.to === ZERO_ADDRESS)
    let operationType
    if (transaction.created && transaction.from === address) operationType = 'deploy'
    else if (mine.length === 0)
      operationType = transaction.approves && transaction.from === address ? 'approve' : 'execute'
    else if (mints && transaction.from === address) operationType = 'mint'
    else if (burns && transaction.from === address) operationType = 'burn'
    else operationType = operationFor(transfers.map((transfer) => transfer.direction))
    return {
      id: `${chain.caip}:${transaction.hash}`,
      metadata: {
        operationType,
        hash: transaction.hash,
        minedAt: new Date(transaction.time * 1000).toISOString(),
        sentFrom: transaction.from,
        sentTo: transaction.to ?? transaction.created ?? '',
        status: transaction.status,
        nonce: transaction.nonce,
        chain: chain.caip,
      },
      transfers,
    }
  }

  /** @param {NonNullable<typeof solanaChain>} chain @param {string} address */
  function solanaItems(chain, address) {
    return chain.index.transactionsOf(address).map((transaction) => ({
      key: { time: transaction.time, seq: transaction.slot, chain: chain.order },
      build: async () => buildSolanaTransaction(chain, address, transaction),
    }))
  }

  /**
   * @param {NonNullable<typeof solanaChain>} chain
   * @param {string} address
   * @param {SolanaTransaction} transaction
   */
  function buildSolanaTransaction(chain, address, transaction) {
    const transfers = []
    /** Who got the most of what `address` sent: the transaction's counterparty. */
    let counterparty = { address: '', gain: 0n }
    const lamports = transaction.sol.get(address) ?? 0n
    if (lamports !== 0n) {
      transfers.push(fungibleTransfer(chain.nativeCurrency, lamports > 0n ? 'in' : 'out', abs(lamports)))
      if (lamports < 0n) {
        for (const [account, gain] of transaction.sol) {
          if (account !== address && gain > counterparty.gain) counterparty = { address: account, gain }
        }
      }
    }
    /** @type {Map<string, { decimals: number, delta: bigint }>} */
    const byMint = new Map()
    for (const { owner, mint, decimals, delta } of transaction.tokens) {
      if (owner !== address) continue
      const sum = byMint.get(mint) ?? { decimals, delta: 0n }
      sum.delta += delta
      byMint.set(mint, sum)
    }
    for (const [mint, { decimals, delta }] of byMint) {
      if (delta === 0n) continue
      const known = chain.tokens.find((token) => token.address === mint)
      const asset = known ?? { name: `Token ${mint.slice(0, 4)}…${mint.slice(-4)}`, symbol: mint.slice(0, 4), decimals }
      transfers.push(fungibleTransfer(asset, delta > 0n ? 'in' : 'out', abs(delta)))
      if (delta < 0n && !counterparty.address) {
        const receiver = transaction.tokens.find((entry) => entry.mint === mint && entry.delta > 0n)
        if (receiver) counterparty = { address: receiver.owner, gain: receiver.delta }
      }
    }
    const sent = transfers.some((transfer) => transfer.direction === 'out')
    return {
      id: `${chain.caipNetworkId}:${transaction.signature}`,
      metadata: {
        operationType: transfers.length === 0 ? 'execute' : operationFor(transfers.map((t) => t.direction)),
        hash: transaction.signature,
        minedAt: new Date(transaction.time * 1000).toISOString(),
        sentFrom: transaction.feePayer,
        sentTo: sent ? counterparty.address || transaction.feePayer : address,
        status: transaction.ok ? 'confirmed' : 'failed',
        // Solana transactions have no account nonce.
        nonce: 0,
        chain: chain.caipNetworkId,
      },
      transfers,
    }
  }

  /** @type {Record<string, (request: { url: URL, params: string[] }) => Promise<{ status?: number, body: unknown }>>} */
  const handlers = {
    async history({ url, params: [address = ''] }) {
      const chainId = url.searchParams.get('chainId') || null
      const cursor = url.searchParams.get('cursor') || null
      const namespace = chainId ? chainId.split(':')[0] : isSolanaAddress(address) ? 'solana' : 'eip155'
      const validAddress = namespace === 'solana' ? isSolanaAddress(address) : isAddress(address, { strict: false })
      if (!validAddress) return { status: 400, body: { error: 'Invalid address', address } }
      /** @type {OrderKey | undefined} */
      let after
      if (cursor) {
        after = decodeCursor(cursor)
        if (!after) return { status: 400, body: { error: 'Invalid cursor', cursor } }
      }

      /** @type {HistoryItem[]} */
      const items = []
      if (namespace === 'eip155') {
        const wanted = evmChains.filter((chain) => !chainId || chain.caip === chainId)
        const owner = address.toLowerCase()
        await Promise.all(
          wanted.map((chain) =>
            chain.index.catchUp().catch((error) => {
              throw chainError(chain.caip, error)
            }),
          ),
        )
        for (const chain of wanted) items.push(...evmItems(chain, owner))
      } else if (solanaChain && (!chainId || chainId === solanaChain.caipNetworkId)) {
        try {
          await solanaChain.index.catchUp(address)
        } catch (error) {
          throw chainError(solanaChain.caipNetworkId, error)
        }
        items.push(...solanaItems(solanaChain, address))
      }

      items.sort((a, b) => compareKeys(b.key, a.key))
      const rest = after ? items.filter((item) => compareKeys(item.key, /** @type {OrderKey} */ (after)) < 0) : items
      const page = rest.slice(0, HISTORY_PAGE_SIZE)
      const last = page.at(-1)
      return {
        body: {
          data: await Promise.all(page.map((item) => item.build())),
          next: rest.length > page.length && last ? encodeCursor(last.key) : null,
        },
      }
    },
  }

  return {
    routes: HISTORY_ROUTES,
    handlers,
    /** Per chain: how far the index got and what it cost, so tests can check catching up is incremental. */
    stats() {
      /** @type {Record<string, { blocks?: number, addresses?: number, transactions: number, rpcRequests: number }>} */
      const stats = {}
      for (const chain of evmChains) stats[chain.caip] = chain.index.stats()
      if (solanaChain) stats[solanaChain.caipNetworkId] = solanaChain.index.stats()
      return stats
    },
  }
}

/** @param {string} from @param {string} to @param {string} address @returns {'in' | 'out' | 'self'} */
function directionOf(from, to, address) {
  if (from === address && to === address) return 'self'
  return from === address ? 'out' : 'in'
}

/** What the hosted API calls a transaction with these transfers. @param {string[]} directions */
function operationFor(directions) {
  const incoming = directions.includes('in')
  const outgoing = directions.includes('out')
  if (incoming && outgoing) return 'trade'
  return incoming ? 'receive' : 'send'
}

const abs = (/** @type {bigint} */ value) => (value < 0n ? -value : value)

/** Newest first is descending order of this key: time, then position on its chain, then chain. */
function compareKeys(/** @type {OrderKey} */ a, /** @type {OrderKey} */ b) {
  return a.time - b.time || a.seq - b.seq || a.chain - b.chain
}

/** The cursor is the last item's key, so a page boundary survives new transactions arriving. */
function encodeCursor(/** @type {OrderKey} */ key) {
  return Buffer.from(JSON.stringify([key.time, key.seq, key.chain])).toString('base64url')
}

/** @returns {OrderKey | undefined} */
function decodeCursor(/** @type {string} */ cursor) {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every(Number.isSafeInteger)) return undefined
    const [time, seq, chain] = parsed
    return { time, seq, chain }
  } catch {
    return undefined
  }
}

/**
 * Names, symbols and decimals of the tokens and collections seen on one EVM chain: the sandbox's
 * own are known; any other contract is asked once (name, symbol, decimals) and remembered.
 * @param {EmulatedChain} chain
 * @param {Record<number, EmulatedToken[]>} tokens
 * @param {Record<number, Collection[]>} nfts
 */
function createAssetBook(chain, tokens, nfts) {
  /** @type {Map<string, Promise<{ name: string, symbol: string, decimals: number }>>} */
  const fungibles = new Map(
    (tokens[chain.chainId] ?? []).map((token) => [token.address.toLowerCase(), Promise.resolve(token)]),
  )
  /** @type {Map<string, Promise<{ name: string, spam: boolean }>>} */
  const collections = new Map(
    (nfts[chain.chainId] ?? []).map((collection) => [
      collection.address.toLowerCase(),
      Promise.resolve({ name: collection.name, spam: collection.spam }),
    ]),
  )
  const call = (/** @type {string} */ contract, /** @type {'name' | 'symbol' | 'decimals'} */ functionName) =>
    /** @type {[string, unknown[]]} */ ([
      'eth_call',
      [{ to: contract, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'],
    ])
  /** @param {any} answer @param {'name' | 'symbol' | 'decimals'} functionName */
  const decoded = (answer, functionName) => {
    try {
      return 'result' in answer ? decodeFunctionResult({ abi: erc20Abi, functionName, data: answer.result }) : undefined
    } catch {
      return undefined
    }
  }
  return {
    /** @param {string} contract lower-case */
    token(contract) {
      let known = fungibles.get(contract)
      if (!known) {
        known = rpcBatchSettled(chain.rpcUrl, [
          call(contract, 'name'),
          call(contract, 'symbol'),
          call(contract, 'decimals'),
        ]).then(([name, symbol, decimals]) => ({
          name: String(decoded(name, 'name') ?? 'Unknown token'),
          symbol: String(decoded(symbol, 'symbol') ?? ''),
          decimals: Number(decoded(decimals, 'decimals') ?? 0),
        }))
        // A failed look-up is asked again next time rather than remembered.
        known.catch(() => fungibles.delete(contract))
        fungibles.set(contract, known)
      }
      return known
    },
    /** @param {string} contract lower-case */
    collection(contract) {
      let known = collections.get(contract)
      if (!known) {
        known = rpcBatchSettled(chain.rpcUrl, [
          [
            'eth_call',
            [{ to: contract, data: encodeFunctionData({ abi: NFT_NAME_ABI, functionName: 'name' }) }, 'latest'],
          ],
        ]).then(([answer]) => {
          let name = 'Unknown collection'
          try {
            if (answer && 'result' in answer)
              name = String(decodeFunctionResult({ abi: NFT_NAME_ABI, functionName: 'name', data: answer.result }))
          } catch {
            // not a named collection
          }
          return { name, spam: false }
        })
        known.catch(() => collections.delete(contract))
        collections.set(contract, known)
      }
      return known
    },
  }
}

/**
 * The whole-chain index of one anvil chain.
 * @param {string} rpcUrl
 */
function createEvmIndex(rpcUrl) {
  /** Every transaction, in chain order. @type {EvmTransaction[]} */
  let transactions = []
  /** Lower-case address → positions in `transactions` of the ones it takes part in. @type {Map<string, number[]>} */
  let byAddress = new Map()
  let nextBlock = 0
  /** @type {string | null} */
  let lastHash = null
  /** The pool's pending transactions at the last catch-up, listed above the mined ones. @type {EvmTransaction[]} */
  let pending = []
  let rpcRequests = 0
  /** @type {Promise<void> | undefined} */
  let running

  const batch = (/** @type {[string, unknown[]][]} */ calls) => {
    rpcRequests += 1
    return rpcBatch(rpcUrl, calls)
  }

  function reset() {
    transactions = []
    byAddress = new Map()
    nextBlock = 0
    lastHash = null
  }

  /**
   * One transaction as the index keeps it: the movements its receipt's logs record or, while it
   * is pending (no receipt), the ones its value and calldata announce.
   * @param {any} raw a transaction as eth_getBlockByNumber or txpool_content gives it
   * @param {any} receipt
   * @param {{ block: number, index: number, time: number }} place
   * @returns {EvmTransaction}
   */
  function describe(raw, receipt, { block, index, time }) {
    const from = String(raw.from).toLowerCase()
    const to = raw.to ? String(raw.to).toLowerCase() : null
    const created = receipt?.contractAddress ? String(receipt.contractAddress).toLowerCase() : null
    /** @type {EvmMovement[]} */
    const movements = []
    const value = BigInt(raw.value)
    if (value > 0n) movements.push({ kind: 'native', contract: '', from, to: to ?? created ?? '', amount: value })
    let approves = false
    for (const log of receipt?.logs ?? []) {
      const [topic, first, second, third] = /** @type {string[]} */ (log.topics)
      if (topic === TRANSFER_TOPIC && first && second) {
        // ERC-721 indexes the token id as a third topic; ERC-20 puts the amount in the data.
        const nft = third !== undefined
        movements.push({
          kind: nft ? 'erc721' : 'erc20',
          contract: String(log.address).toLowerCase(),
          from: topicAddress(first),
          to: topicAddress(second),
          amount: BigInt(nft ? third : log.data === '0x' ? 0 : log.data),
        })
      } else if (topic && APPROVAL_TOPICS.has(/** @type {`0x${string}`} */ (topic)) && first) {
        approves ||= topicAddress(first) === from
      }
    }
    if (!receipt && to) {
      const call = pendingTokenTransfer(raw.input)
      if (call) movements.push({ kind: 'erc20', contract: to, from, to: call.to, amount: call.amount })
    }
    return {
      hash: raw.hash,
      block,
      index,
      time,
      from,
      to,
      created,
      nonce: Number(raw.nonce),
      status: receipt ? (receipt.status === '0x1' ? 'confirmed' : 'failed') : 'pending',
      movements,
      approves,
    }
  }

  /** @param {EvmTransaction} transaction @returns {Set<string>} who takes part in it */
  const partiesOf = (transaction) =>
    new Set(
      [
        transaction.from,
        transaction.to,
        transaction.created,
        ...transaction.movements.flatMap((movement) => [movement.from, movement.to]),
      ].flatMap((address) => (address && address !== ZERO_ADDRESS ? [address] : [])),
    )

  /** @param {any} block @param {any[]} receipts */
  function indexBlock(block, receipts) {
    const time = Number(block.timestamp)
    const receiptsByHash = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]))
    for (const [index, raw] of /** @type {any[]} */ (block.transactions).entries()) {
      const transaction = describe(raw, receiptsByHash.get(raw.hash) ?? { status: '0x0', logs: [] }, {
        block: Number(block.number),
        index,
        time,
      })
      const position = transactions.length
      transactions.push(transaction)
      for (const address of partiesOf(transaction)) {
        const list = byAddress.get(address)
        if (list) list.push(position)
        else byAddress.set(address, [position])
      }
    }
  }

  /** @returns {Promise<boolean>} false when the chain was rewound under it and it must start over */
  async function scan() {
    const [headHex, pool, previous] = await batch([
      ['eth_blockNumber', []],
      ['txpool_content', []],
      ...(nextBlock > 0
        ? [/** @type {[string, unknown[]]} */ (['eth_getBlockByNumber', [hex(nextBlock - 1), false]])]
        : []),
    ])
    if (nextBlock > 0 && previous?.hash !== lastHash) reset()
    const head = Number(headHex)
    const waiting = Object.values(pool?.pending ?? {})
      .flatMap((byNonce) => Object.values(/** @type {Record<string, any>} */ (byNonce)))
      .sort((a, b) => String(a.from).localeCompare(String(b.from)) || Number(a.nonce) - Number(b.nonce))
    // Pending goes on top: after the head block, and not before the newest block's time.
    const now = Math.max(Math.floor(Date.now() / 1000), transactions.at(-1)?.time ?? 0)
    pending = waiting.map((raw, index) => describe(raw, undefined, { block: head + 1, index, time: now }))
    while (nextBlock <= head) {
      const numbers = []
      for (let number = nextBlock; number <= head && numbers.length < BLOCKS_PER_BATCH; number++) numbers.push(number)
      const answers = await batch(
        numbers.flatMap((number) => [
          /** @type {[string, unknown[]]} */ (['eth_getBlockByNumber', [hex(number), true]]),
          /** @type {[string, unknown[]]} */ (['eth_getBlockReceipts', [hex(number)]]),
        ]),
      )
      for (let i = 0; i < numbers.length; i++) {
        const block = answers[2 * i]
        // Rewound while we read (a revert, or a reset): start over.
        if (!block || (nextBlock > 0 && block.parentHash !== lastHash)) {
          reset()
          return false
        }
        indexBlock(block, answers[2 * i + 1] ?? [])
        nextBlock += 1
        lastHash = block.hash
      }
    }
    return true
  }

  async function catchUpOnce() {
    for (let attempt = 0; attempt < 3; attempt++) if (await scan()) return
    throw new Error('the chain keeps being rewound while it is indexed')
  }

  return {
    /** Index the blocks mined since the last call; one catch-up at a time. */
    async catchUp() {
      while (running) await running.catch(() => undefined)
      running = catchUpOnce().finally(() => (running = undefined))
      return running
    },
    /** @param {string} address lower-case @returns {EvmTransaction[]} chain order, then the pending ones */
    transactionsOf(address) {
      return [
        ...(byAddress.get(address) ?? []).map((position) => /** @type {EvmTransaction} */ (transactions[position])),
        ...pending.filter((transaction) => partiesOf(transaction).has(address)),
      ]
    },
    stats: () => ({ blocks: nextBlock, transactions: transactions.length, rpcRequests }),
  }
}

/**
 * What an ERC-20 `transfer` call moves, read from its calldata, or undefined for any other call.
 * @param {unknown} input
 */
function pendingTokenTransfer(input) {
  if (typeof input !== 'string' || !input.startsWith('0xa9059cbb')) return undefined
  try {
    const { args } = decodeFunctionData({ abi: erc20Abi, data: /** @type {`0x${string}`} */ (input) })
    const [to, amount] = /** @type {[string, bigint]} */ (args)
    return { to: to.toLowerCase(), amount }
  } catch {
    return undefined
  }
}

/** The address in a 32-byte log topic, lower-case. */
const topicAddress = (/** @type {string} */ topic) => `0x${topic.slice(-40)}`.toLowerCase()

/**
 * The per-address index of the Solana network (see the header).
 * @param {string} rpcUrl
 */
function createSolanaIndex(rpcUrl) {
  /** Every transaction read so far, by signature. @type {Map<string, SolanaTransaction>} */
  const bySignature = new Map()
  /** @type {Map<string, { newest: Map<string, string>, signatures: Set<string> }>} */
  const owners = new Map()
  /** @type {Map<string, Promise<void>>} */
  const running = new Map()
  let rpcRequests = 0

  const batch = (/** @type {[string, unknown[]][]} */ calls) => {
    rpcRequests += 1
    return rpcBatch(rpcUrl, calls)
  }

  /** Signatures of `account` newer than `until`, newest first. @param {string} account @param {string | undefined} until */
  async function signaturesOf(account, until) {
    /** @type {{ signature: string }[]} */
    const found = []
    /** @type {string | undefined} */
    let before
    for (;;) {
      const [page] = await batch([
        [
          'getSignaturesForAddress',
          [account, { limit: SIGNATURES_PER_PAGE, ...(until ? { until } : {}), ...(before ? { before } : {}) }],
        ],
      ])
      found.push(...page)
      if (page.length < SIGNATURES_PER_PAGE) return found
      before = page.at(-1).signature
    }
  }

  /** @param {string} owner */
  async function catchUpOnce(owner) {
    let state = owners.get(owner)
    if (!state) owners.set(owner, (state = { newest: new Map(), signatures: new Set() }))
    const tokenAccounts = await batch(
      TOKEN_PROGRAMS.map((programId) => [
        'getTokenAccountsByOwner',
        [owner, { programId }, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } }],
      ]),
    )
    const accounts = [
      owner,
      ...tokenAccounts.flatMap((answer) => answer.value.map((/** @type {any} */ item) => item.pubkey)),
    ]
    const newestState = /** @type {NonNullable<typeof state>} */ (state)
    const lists = await Promise.all(accounts.map((account) => signaturesOf(account, newestState.newest.get(account))))
    const unread = new Set()
    lists.forEach((list, i) => {
      const account = /** @type {string} */ (accounts[i])
      if (list[0]) newestState.newest.set(account, list[0].signature)
      for (const { signature } of list) {
        newestState.signatures.add(signature)
        if (!bySignature.has(signature)) unread.add(signature)
      }
    })
    const toRead = [...unread]
    for (let start = 0; start < toRead.length; start += TRANSACTIONS_PER_BATCH) {
      const chunk = toRead.slice(start, start + TRANSACTIONS_PER_BATCH)
      const answers = await batch(
        chunk.map((signature) => [
          'getTransaction',
          [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
        ]),
      )
      answers.forEach((answer, i) => {
        if (answer) bySignature.set(/** @type {string} */ (chunk[i]), parseSolanaTransaction(answer))
      })
    }
  }

  return {
    /** Read what is new for `owner`; one catch-up per owner at a time. @param {string} owner */
    async catchUp(owner) {
      for (let busy = running.get(owner); busy; busy = running.get(owner)) await busy.catch(() => undefined)
      const started = catchUpOnce(owner).finally(() => running.delete(owner))
      running.set(owner, started)
      return started
    },
    /** @param {string} owner @returns {SolanaTransaction[]} */
    transactionsOf(owner) {
      return [...(owners.get(owner)?.signatures ?? [])].flatMap((signature) => bySignature.get(signature) ?? [])
    },
    stats: () => ({ addresses: owners.size, transactions: bySignature.size, rpcRequests }),
  }
}

/**
 * Movements of one getTransaction answer, from its balance changes.
 * @param {any} answer
 * @returns {SolanaTransaction}
 */
function parseSolanaTransaction(answer) {
  const { meta, transaction } = answer
  /** @type {string[]} */
  const keys = transaction.message.accountKeys
  const feePayer = /** @type {string} */ (keys[0])
  /** @type {Map<string, bigint>} */
  const sol = new Map()
  keys.forEach((key, i) => sol.set(key, BigInt(meta.postBalances[i]) - BigInt(meta.preBalances[i])))
  // The fee is no transfer; neither is the rent that opens a token account: both are given back
  // to the fee payer so a token send does not read as a SOL send too.
  let restored = BigInt(meta.fee)
  /** @type {Set<number>} */
  const tokenAccountsBefore = new Set(meta.preTokenBalances.map((/** @type {any} */ entry) => entry.accountIndex))
  for (const entry of meta.postTokenBalances) {
    if (tokenAccountsBefore.has(entry.accountIndex)) continue
    const key = /** @type {string} */ (keys[entry.accountIndex])
    restored += sol.get(key) ?? 0n
    sol.delete(key)
  }
  sol.set(feePayer, (sol.get(feePayer) ?? 0n) + restored)

  /** @type {Map<number, { owner: string, mint: string, decimals: number, delta: bigint }>} */
  const byAccount = new Map()
  for (const [entries, sign] of /** @type {[any[], bigint][]} */ ([
    [meta.preTokenBalances, -1n],
    [meta.postTokenBalances, 1n],
  ])) {
    for (const entry of entries) {
      const current = byAccount.get(entry.accountIndex) ?? {
        owner: entry.owner,
        mint: entry.mint,
        decimals: entry.uiTokenAmount.decimals,
        delta: 0n,
      }
      current.delta += sign * BigInt(entry.uiTokenAmount.amount)
      byAccount.set(entry.accountIndex, current)
    }
  }
  return {
    signature: transaction.signatures[0],
    slot: Number(answer.slot),
    time: Number(answer.blockTime),
    ok: meta.err === null,
    feePayer,
    sol,
    tokens: [...byAccount.values()].filter((entry) => entry.delta !== 0n),
  }
}
