// JSON-RPC batches against the sandbox's nodes (anvil; the Solana RPC answers batches too), for
// the modules that send or read many things at once (nfts.mjs, activity.mjs, history.mjs): one
// HTTP request per batch instead of one per call is what keeps deploying at start, sending 120
// transfers and indexing hundreds of blocks fast.

const RECEIPT_TIMEOUT_MS = 10_000

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
 * Send `transactions` from one unlocked (or impersonated) account in one batch, with explicit
 * nonces and gas so none waits for the one before it, and wait for their receipts.
 * @param {string} rpcUrl
 * @param {`0x${string}`} from
 * @param {{ to?: string, data?: string, value?: bigint, gas: bigint }[]} transactions
 * @param {number} [startNonce] when the caller already read it (to know contract addresses)
 * @returns {Promise<{ hashes: string[], receipts: Awaited<ReturnType<typeof receiptsOf>> }>}
 */
export async function sendBatch(rpcUrl, from, transactions, startNonce) {
  startNonce ??= await pendingNonce(rpcUrl, from)
  const hashes = await rpcBatch(
    rpcUrl,
    transactions.map((transaction, index) => [
      'eth_sendTransaction',
      [
        {
          from,
          nonce: hex(startNonce + index),
          gas: hex(transaction.gas),
          ...(transaction.to ? { to: transaction.to } : {}),
          ...(transaction.data ? { data: transaction.data } : {}),
          ...(transaction.value ? { value: hex(transaction.value) } : {}),
        },
      ],
    ]),
  )
  return { hashes, receipts: await receiptsOf(rpcUrl, hashes) }
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
