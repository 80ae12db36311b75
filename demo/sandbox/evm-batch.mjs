// @ts-check
// JSON-RPC batches against the sandbox's nodes (anvil; the Solana RPC answers batches too), for
// the modules that read many things at once (history.mjs indexing hundreds of blocks, receipts):
// one HTTP request per batch instead of one per call. Sending goes one request at a time
// (sendInOrder) for the reason given there.

const RECEIPT_TIMEOUT_MS = 10_000
const RECEIPTS_PER_BATCH = 250

/** @param {bigint | number} value */
export const hex = (value) => `0x${value.toString(16)}`

/**
 * One HTTP request, many JSON-RPC calls; answers in the order asked. Throws on the first error.
 * @param {string} rpcUrl
 * @param {[string, unknown[]][]} calls
 * @returns {Promise<any[]>}
 */
export async function rpcBatch(rpcUrl, calls) {
  const answers = await rpcBatchSettled(rpcUrl, calls)
  return answers.map((answer, index) => {
    if ('error' in answer) throw new Error(`${calls[index]?.[0]} on ${rpcUrl}: ${answer.error}`)
    return answer.result
  })
}

/** @param {string} rpcUrl @param {string} method @param {unknown[]} [params] */
export async function rpcCall(rpcUrl, method, params = []) {
  const [result] = await rpcBatch(rpcUrl, [[method, params]])
  return result
}

/**
 * The receipts of `hashes`, polled together until all are mined (anvil automines, so the first
 * try usually has them all).
 * @param {string} rpcUrl
 * @param {string[]} hashes
 * @returns {Promise<{ status: string, blockNumber: string, logs: any[] }[]>}
 */
export async function receiptsOf(rpcUrl, hashes) {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  for (;;) {
    const receipts = await rpcBatch(
      rpcUrl,
      hashes.map((hash) => ['eth_getTransactionReceipt', [hash]]),
    )
    if (receipts.every(Boolean)) return receipts
    if (Date.now() > deadline) throw new Error(`${hashes.length} transactions on ${rpcUrl} not mined in time`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/**
 * Send `transactions` from one unlocked (or impersonated) account, one request after the other,
 * then read all their receipts in batches. Not one batch of sends: anvil may take a batch's
 * requests out of order, and a transaction that arrives before the one with the nonce below it
 * can sit queued until the next block. With automine each send returns once its block is mined,
 * so going in order costs little (about 2 ms a transfer).
 * @param {string} rpcUrl
 * @param {`0x${string}`} from
 * @param {{ to?: string, data?: string, value?: bigint, gas: bigint }[]} transactions
 * @returns {Promise<{ hashes: string[], receipts: Awaited<ReturnType<typeof receiptsOf>> }>}
 */
export async function sendInOrder(rpcUrl, from, transactions) {
  /** @type {string[]} */
  const hashes = []
  for (const transaction of transactions) {
    hashes.push(
      await rpcCall(rpcUrl, 'eth_sendTransaction', [
        {
          from,
          gas: hex(transaction.gas),
          ...(transaction.to ? { to: transaction.to } : {}),
          ...(transaction.data ? { data: transaction.data } : {}),
          ...(transaction.value ? { value: hex(transaction.value) } : {}),
        },
      ]),
    )
  }
  const receipts = []
  for (let start = 0; start < hashes.length; start += RECEIPTS_PER_BATCH) {
    receipts.push(...(await receiptsOf(rpcUrl, hashes.slice(start, start + RECEIPTS_PER_BATCH))))
  }
  return { hashes, receipts }
}

/** @param {string} rpcUrl @param {string} address */
export async function pendingNonce(rpcUrl, address) {
  return Number(await rpcCall(rpcUrl, 'eth_getTransactionCount', [address, 'pending']))
}

/**
 * Like rpcBatch, but a call that fails (e.g. an eth_call to a contract without that function)
 * is `{ error }` in its place instead of failing the batch; only a transport failure throws.
 * @param {string} rpcUrl
 * @param {[string, unknown[]][]} calls
 * @returns {Promise<({ result: any } | { error: string })[]>}
 */
export async function rpcBatchSettled(rpcUrl, calls) {
  if (calls.length === 0) return []
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  })
  const body = await response.json()
  // A request the node cannot parse at all gets one error object, not an array.
  const answers = /** @type {{ id: number, result?: unknown, error?: { message: string } }[]} */ (
    Array.isArray(body) ? body : []
  )
  const byId = new Map(answers.map((answer) => [answer.id, answer]))
  return calls.map((_call, id) => {
    const answer = byId.get(id)
    return !answer || answer.error ? { error: answer?.error?.message ?? 'no answer' } : { result: answer.result }
  })
}
