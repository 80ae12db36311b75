// EVM signing inside the frame (viem, local account): personal_sign, eth_signTypedData_v4,
// eth_sendTransaction and wallet_sendCalls, plus JSON-RPC pass-through for the safe methods and
// the EIP-5792/EIP-7811 answers (capabilities, assets: ../../wallet-capabilities.js). The private
// key never leaves this module's callers in the frame.
// Smart accounts (contracts/SmartAccount.sol, one per EOA from the chain's SmartAccountFactory):
// the EOA signs for them (the contract checks its signatures by ERC-1271) and sends their
// transactions as `execute(to, value, data)`, deploying the account first when it has no code; a
// wallet_sendCalls batch is one `executeBatch` transaction (atomic). An EOA sends one transaction
// per call, and refuses a batch that requires atomicity (EIP-5792 code 5760's text).
import {
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  formatEther,
  hexToString,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  parseAbi,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CAPABILITY_ERRORS } from '../../wallet-capabilities.js'

export { walletAssets, walletCapabilities } from '../../wallet-capabilities.js'

export const newEvmKey = () => generatePrivateKey()

/** @param {`0x${string}`} key */
export const evmAddressOf = (key) => privateKeyToAccount(key).address

/**
 * One JSON-RPC call straight to a node.
 * @param {string} rpcUrl @param {string} method @param {unknown} params
 */
export async function rpcCall(rpcUrl, method, params) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  if (!response.ok) throw new Error(`RPC ${method} failed: HTTP ${response.status}`)
  const body = await response.json()
  if (body.error) throw new Error(body.error.message ?? `RPC ${method} failed`)
  return body.result
}

/** @param {unknown} value @param {string} what */
function expectAddress(value, what) {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw new Error(`Invalid ${what}`)
  return /** @type {`0x${string}`} */ (value)
}

/** The request must be for this account. @param {unknown} address @param {`0x${string}`} own */
function expectOwn(address, own) {
  if (!isAddressEqual(expectAddress(address, 'address'), own)) throw new Error('Address does not match the account')
}

/** @param {unknown} value */
const big = (value) => (value === undefined || value === null ? undefined : BigInt(/** @type {any} */ (value)))

/**
 * personal_sign [message, address]: a 0x string is signed as bytes, anything else as text.
 * `as`: the smart account the EOA signs for (the request names it, not the EOA).
 * @param {`0x${string}`} key @param {unknown[]} params @param {`0x${string}`} [as]
 */
export function personalSign(key, params, as) {
  const account = privateKeyToAccount(key)
  const [data, address] = params
  expectOwn(address, as ?? account.address)
  if (typeof data !== 'string') throw new Error('Invalid message')
  return account.signMessage({ message: isHex(data) ? { raw: data } : data })
}

/** @param {unknown} value */
function typedDataOf(value) {
  const typed = typeof value === 'string' ? JSON.parse(value) : value
  if (!typed || typeof typed !== 'object' || typeof typed.primaryType !== 'string' || !typed.types) {
    throw new Error('Invalid typed data')
  }
  return typed
}

/**
 * eth_signTypedData_v4 [address, typedData (JSON text or object)]; `as` as for personalSign.
 * @param {`0x${string}`} key @param {unknown[]} params @param {`0x${string}`} [as]
 */
export function signTypedData(key, params, as) {
  const account = privateKeyToAccount(key)
  const [address, raw] = params
  expectOwn(address, as ?? account.address)
  const { domain = {}, types, primaryType, message } = typedDataOf(raw)
  return account.signTypedData({ domain, types, primaryType, message })
}

/**
 * @typedef {{ id: number, name: string, rpcUrl: string }} EvmChain
 * @param {EvmChain} chain
 */
function viemChain(chain) {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

/** The fields of an eth_sendTransaction object viem takes, as bigint/number. @param {any} tx */
function transactionRequest(tx) {
  /** @type {Record<string, unknown>} */
  const request = {}
  if (tx.to !== undefined && tx.to !== null) request.to = expectAddress(tx.to, 'recipient')
  if (tx.data !== undefined || tx.input !== undefined) request.data = tx.data ?? tx.input
  if (request.data !== undefined && !isHex(request.data)) throw new Error('Invalid data')
  for (const field of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas']) {
    const value = big(tx[field])
    if (value !== undefined) request[field] = value
  }
  if (tx.nonce !== undefined && tx.nonce !== null) request.nonce = Number(tx.nonce)
  return request
}

/**
 * eth_sendTransaction [tx]: signed here, sent raw to the chain's RPC; resolves with the hash.
 * @param {`0x${string}`} key @param {EvmChain} chain @param {unknown[]} params
 */
export async function sendTransaction(key, chain, params) {
  const account = privateKeyToAccount(key)
  const tx = /** @type {any} */ (params[0])
  if (!tx || typeof tx !== 'object') throw new Error('Invalid transaction')
  if (tx.from !== undefined) expectOwn(tx.from, account.address)
  if (tx.chainId !== undefined && Number(tx.chainId) !== chain.id) throw new Error('Chain id does not match')
  const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl) })
  return client.sendTransaction(/** @type {any} */ (transactionRequest(tx)))
}

// ── smart accounts ──────────────────────────────────────────────────────────────────────────

const factoryAbi = parseAbi([
  'function deploy(address owner) returns (address)',
  'function addressOf(address owner) view returns (address)',
])
const smartAccountAbi = parseAbi([
  'function execute(address to, uint256 value, bytes data) returns (bytes)',
  'function executeBatch(address[] to, uint256[] value, bytes[] data)',
])

/** Smart account addresses by `${factory}:${owner}` (CREATE2: they never change). @type {Map<string, `0x${string}`>} */
const smartAddresses = new Map()

/**
 * The owner's smart account address (deployed or not), from the factory itself.
 * @param {EvmChain} chain @param {`0x${string}`} factory @param {`0x${string}`} owner
 * @returns {Promise<`0x${string}`>}
 */
export async function smartAccountAddress(chain, factory, owner) {
  const cacheKey = `${chain.id}:${factory}:${owner}`.toLowerCase()
  const known = smartAddresses.get(cacheKey)
  if (known) return known
  const data = encodeFunctionData({ abi: factoryAbi, functionName: 'addressOf', args: [owner] })
  const result = await rpcCall(chain.rpcUrl, 'eth_call', [{ to: factory, data }, 'latest'])
  const address = decodeFunctionResult({ abi: factoryAbi, functionName: 'addressOf', data: result })
  smartAddresses.set(cacheKey, address)
  return address
}

/** Whether the address has code on the chain. @param {EvmChain} chain @param {string} address */
export async function hasCode(chain, address) {
  const code = await rpcCall(chain.rpcUrl, 'eth_getCode', [address, 'latest'])
  return typeof code === 'string' && code !== '0x' && code !== '0x0'
}

/**
 * "Deployed on first use": the EOA sends factory.deploy(owner) itself and waits for it.
 * @param {`0x${string}`} key @param {EvmChain} chain @param {`0x${string}`} factory
 * @returns {Promise<`0x${string}`>} the smart account
 */
export async function ensureSmartAccount(key, chain, factory) {
  const account = privateKeyToAccount(key)
  const smart = await smartAccountAddress(chain, factory, account.address)
  if (await hasCode(chain, smart)) return smart
  const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl) })
  const hash = await client.sendTransaction({
    to: factory,
    data: encodeFunctionData({ abi: factoryAbi, functionName: 'deploy', args: [account.address] }),
  })
  const receipt = await rpcUntilReceipt(chain.rpcUrl, hash)
  if (receipt.status !== '0x1' || !(await hasCode(chain, smart)))
    throw new Error('The smart account could not be deployed')
  return smart
}

/**
 * One call as the smart account: the EOA sends `execute(to, value, data)` to it.
 * @param {ReturnType<typeof createWalletClient>} client @param {`0x${string}`} smart @param {any} call
 */
function executeAs(client, smart, call) {
  const request = transactionRequest(call)
  if (request.to === undefined) throw new Error('A smart account cannot create contracts here: "to" is required')
  const data = encodeFunctionData({
    abi: smartAccountAbi,
    functionName: 'execute',
    args: [
      /** @type {`0x${string}`} */ (request.to),
      /** @type {bigint} */ (request.value ?? 0n),
      /** @type {`0x${string}`} */ (request.data ?? '0x'),
    ],
  })
  return client.sendTransaction(/** @type {any} */ ({ to: smart, data, ...(request.gas ? { gas: request.gas } : {}) }))
}

/**
 * eth_sendTransaction [tx] from the smart account: deployed first when needed, then one execute;
 * resolves with that transaction's hash.
 * @param {`0x${string}`} key @param {EvmChain} chain @param {`0x${string}`} factory @param {unknown[]} params
 */
export async function sendSmartTransaction(key, chain, factory, params) {
  const tx = /** @type {any} */ (params[0])
  if (!tx || typeof tx !== 'object') throw new Error('Invalid transaction')
  if (tx.chainId !== undefined && Number(tx.chainId) !== chain.id) throw new Error('Chain id does not match')
  const account = privateKeyToAccount(key)
  const smart = await smartAccountAddress(chain, factory, account.address)
  if (tx.from !== undefined) expectOwn(tx.from, smart)
  await ensureSmartAccount(key, chain, factory)
  const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl) })
  return executeAs(client, smart, tx)
}

/**
 * The calls of a wallet_sendCalls request [{ chainId?, from?, calls, atomicRequired? }], checked.
 * @param {unknown[]} params @param {EvmChain} chain
 */
function batchOf(params, chain) {
  const batch = /** @type {any} */ (params[0])
  if (!batch || !Array.isArray(batch.calls) || batch.calls.length === 0) throw new Error('Invalid calls')
  if (batch.chainId !== undefined && Number(batch.chainId) !== chain.id) throw new Error('Chain id does not match')
  for (const call of batch.calls) {
    if (typeof call?.to !== 'string' || !call.to.startsWith('0x')) throw new Error('Each call needs a 0x "to"')
    if (call.data !== undefined && (typeof call.data !== 'string' || !call.data.startsWith('0x')))
      throw new Error('Call data must start with 0x')
  }
  return batch
}

/**
 * wallet_sendCalls from the smart account: every call in ONE transaction, `executeBatch`, so the
 * batch is atomic (a reverting call undoes the others).
 * @param {`0x${string}`} key @param {EvmChain} chain @param {`0x${string}`} factory @param {unknown[]} params
 * @returns {Promise<{ id: string }>}
 */
export async function sendSmartCalls(key, chain, factory, params) {
  const batch = batchOf(params, chain)
  const account = privateKeyToAccount(key)
  const smart = await smartAccountAddress(chain, factory, account.address)
  if (batch.from !== undefined) expectOwn(batch.from, smart)
  const requests = batch.calls.map((/** @type {any} */ call) => transactionRequest(call))
  await ensureSmartAccount(key, chain, factory)
  const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl) })
  const data = encodeFunctionData({
    abi: smartAccountAbi,
    functionName: 'executeBatch',
    args: [
      requests.map((/** @type {any} */ request) => request.to),
      requests.map((/** @type {any} */ request) => request.value ?? 0n),
      requests.map((/** @type {any} */ request) => request.data ?? '0x'),
    ],
  })
  const hash = await client.sendTransaction(/** @type {any} */ ({ to: smart, data }))
  await rpcUntilReceipt(chain.rpcUrl, hash)
  return { id: rememberBatch(chain, [hash], true) }
}

/** wallet_sendCalls batches sent from this frame, by id. @type {Map<string, { chain: EvmChain, hashes: `0x${string}`[], atomic: boolean }>} */
const batches = new Map()

/**
 * wallet_sendCalls [{ chainId?, from?, calls }]: one transaction per call, in order (not atomic).
 * @param {`0x${string}`} key @param {EvmChain} chain @param {unknown[]} params
 * @returns {Promise<{ id: string }>}
 */
export async function sendCalls(key, chain, params) {
  const batch = batchOf(params, chain)
  // EIP-5792: a batch that must be atomic is refused by a wallet that cannot make it so.
  if (batch.atomicRequired === true) throw new Error(CAPABILITY_ERRORS.ATOMICITY_NOT_SUPPORTED.message)
  const account = privateKeyToAccount(key)
  if (batch.from !== undefined) expectOwn(batch.from, account.address)
  const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl) })
  /** @type {`0x${string}`[]} */
  const hashes = []
  for (const call of batch.calls) {
    const hash = await client.sendTransaction(/** @type {any} */ (transactionRequest(call)))
    hashes.push(hash)
    // The next call's nonce and state follow from this one.
    await rpcUntilReceipt(chain.rpcUrl, hash)
  }
  return { id: rememberBatch(chain, hashes, false) }
}

/** @param {EvmChain} chain @param {`0x${string}`[]} hashes @param {boolean} atomic @returns {string} the batch id */
function rememberBatch(chain, hashes, atomic) {
  const id = `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  batches.set(id, { chain, hashes, atomic })
  return id
}

async function rpcUntilReceipt(/** @type {string} */ rpcUrl, /** @type {string} */ hash) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const receipt = await rpcCall(rpcUrl, 'eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No receipt for ${hash}`)
}

/**
 * wallet_getCallsStatus [id] (EIP-5792): 100 pending, 200 all confirmed, 500 all reverted, 600 some.
 * @param {unknown[]} params
 */
export async function getCallsStatus(params) {
  const id = params[0]
  const batch = typeof id === 'string' ? batches.get(id) : undefined
  if (!batch) throw new Error(CAPABILITY_ERRORS.UNKNOWN_BUNDLE.message)
  const receipts = await Promise.all(
    batch.hashes.map((hash) => rpcCall(batch.chain.rpcUrl, 'eth_getTransactionReceipt', [hash])),
  )
  const done = receipts.filter(Boolean)
  const failed = done.filter((receipt) => receipt.status !== '0x1').length
  const status = done.length < receipts.length ? 100 : failed === 0 ? 200 : failed === receipts.length ? 500 : 600
  return {
    version: '2.0.0',
    id,
    chainId: `0x${batch.chain.id.toString(16)}`,
    status,
    atomic: batch.atomic,
    receipts: done.map((receipt) => ({
      logs: receipt.logs,
      status: receipt.status,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      transactionHash: receipt.transactionHash,
    })),
  }
}

// ── what the approval screen shows ────────────────────────────────────────────────────────────

/** @typedef {{ label: string, value: string }} Row */

/** @param {unknown} data @returns {string} */
function readableMessage(data) {
  if (typeof data !== 'string') return String(data)
  if (!isHex(data)) return data
  try {
    const text = hexToString(data)
    // Show text only when it is printable; otherwise the bytes as they are.
    if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {
    // not UTF-8
  }
  return data
}

/**
 * Rows describing an EVM request, for a person to read before approving.
 * @param {string} method @param {unknown[]} params @param {EvmChain | undefined} chain
 * @returns {Row[]}
 */
export function describeEvmRequest(method, params, chain) {
  const network = chain ? [{ label: 'Network', value: `${chain.name} (eip155:${chain.id})` }] : []
  if (method === 'personal_sign') return [{ label: 'Message', value: readableMessage(params[0]) }]
  if (method === 'eth_signTypedData_v4') {
    const typed = typedDataOf(params[1])
    return [
      { label: 'Type', value: typed.primaryType },
      ...(typed.domain?.name ? [{ label: 'Domain', value: String(typed.domain.name) }] : []),
      { label: 'Data', value: JSON.stringify(typed.message, null, 2) },
    ]
  }
  if (method === 'eth_sendTransaction') {
    const tx = /** @type {any} */ (params[0]) ?? {}
    return [
      ...network,
      { label: 'To', value: tx.to ?? '(new contract)' },
      { label: 'Amount', value: `${formatEther(big(tx.value) ?? 0n)} ETH` },
      ...(tx.data && tx.data !== '0x' ? [{ label: 'Data', value: `${(tx.data.length - 2) / 2} bytes` }] : []),
    ]
  }
  if (method === 'wallet_sendCalls') {
    const calls = /** @type {any} */ (params[0])?.calls ?? []
    return [
      ...network,
      ...calls.map((/** @type {any} */ call, /** @type {number} */ index) => ({
        label: `Call ${index + 1}`,
        value: `${call.to} · ${formatEther(big(call.value) ?? 0n)} ETH${call.data && call.data !== '0x' ? ` · ${(call.data.length - 2) / 2} bytes` : ''}`,
      })),
    ]
  }
  return [{ label: 'Parameters', value: JSON.stringify(params, null, 2) }]
}
