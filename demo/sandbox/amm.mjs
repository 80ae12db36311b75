// @ts-check
// The sandbox's AMM: WrappedEther, SwapRouter and three constant-product SwapPairs (WETH/USDC,
// WETH/SKT, USDC/SKT) on one anvil chain, seeded at the emulator's USD prices (ETH 3000, USDC 1,
// SKT 2.5) by the token deployer (anvil account #9), never by the test wallet.
//
//   const amm = await deployAmm({ rpcUrl, deployer, tokens })
//   amm.router, amm.weth, amm.pairs   // [{ address, tokens: [a, b], symbols: ['WETH', 'USDC'] }, …]
//
// Every transaction goes out in one JSON-RPC batch with explicit nonces and gas limits: a single
// sender's transactions run in nonce order, so each one sees the state the previous ones left,
// and nothing waits for a receipt until the end (start-up time matters to every test file).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  maxUint256,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { contractsDir } from './paths.mjs'

/** @typedef {{ abi: import('viem').Abi, bytecode: `0x${string}` }} Artifact */
/** @typedef {{ address: string, symbol: string, decimals: number }} PoolToken */
/** @typedef {{ address: `0x${string}`, tokens: [`0x${string}`, `0x${string}`], symbols: [string, string] }} AmmPair */
/** @typedef {{ router: `0x${string}`, weth: `0x${string}`, pairs: AmmPair[] }} Amm */

/** WrappedEther, as the pools and the API emulator see it. */
export const WETH = Object.freeze({ symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 })

/**
 * The pools and what seeds them, in whole tokens. Each side of a pool is worth the same at
 * DEFAULT_PRICES_USD (api.mjs), so the pools' mid prices are exactly those prices: 3 000 000 USDC
 * per 1000 ETH = 3000, 300 000 USD of SKT at 2.5 = 120 000 SKT, and 250 000 USDC per 100 000 SKT.
 * The ETH pool is the deepest so a test swap barely moves the ETH price; SKT's whole supply is
 * 1 000 000, which caps its pools.
 */
export const AMM_POOLS = Object.freeze([
  Object.freeze({ symbols: Object.freeze(['WETH', 'USDC']), amounts: Object.freeze(['1000', '3000000']) }),
  Object.freeze({ symbols: Object.freeze(['WETH', 'SKT']), amounts: Object.freeze(['100', '120000']) }),
  Object.freeze({ symbols: Object.freeze(['USDC', 'SKT']), amounts: Object.freeze(['250000', '100000']) }),
])

/** Gas limits: given, because estimating a transaction against state its predecessors have not
 * written yet would fail. Generous; only what is used is paid. */
const GAS = Object.freeze({
  deployWeth: 1_500_000n,
  deployRouter: 5_000_000n,
  call: 200_000n,
  addLiquidity: 2_500_000n,
})
const RECEIPT_TIMEOUT_MS = 10_000

/** @type {Record<string, Artifact>} */
const artifactCache = {}
/** @param {'WrappedEther' | 'SwapPair' | 'SwapRouter'} name @returns {Artifact} the committed compile */
export function loadAmmArtifact(name) {
  return (artifactCache[name] ??= JSON.parse(readFileSync(join(contractsDir, `${name}.json`), 'utf8')))
}

/**
 * Deploy the AMM on one chain and seed its pools. `deployer` must be unlocked in anvil and hold
 * the tokens (the Token deployer does) and enough ETH for the WETH side.
 * @param {{ rpcUrl: string, deployer: `0x${string}`, tokens: PoolToken[] }} options
 * @returns {Promise<Amm>}
 */
export async function deployAmm({ rpcUrl, deployer, tokens }) {
  const wethArtifact = loadAmmArtifact('WrappedEther')
  const routerArtifact = loadAmmArtifact('SwapRouter')
  const startNonce = Number(await rpc(rpcUrl, 'eth_getTransactionCount', [deployer, 'pending']))
  const weth = getContractAddress({ from: deployer, nonce: BigInt(startNonce) })
  const router = getContractAddress({ from: deployer, nonce: BigInt(startNonce + 1) })
  /** @type {Record<string, PoolToken>} */
  const bySymbol = { [WETH.symbol]: { ...WETH, address: weth } }
  for (const token of tokens) bySymbol[token.symbol] = token
  const tokenOf = (/** @type {string} */ symbol) => {
    const token = bySymbol[symbol]
    if (!token) throw new Error(`AMM pool token ${symbol} is not deployed`)
    return token
  }
  const wethNeeded = AMM_POOLS.reduce(
    (sum, pool) =>
      sum +
      pool.symbols.reduce(
        (side, symbol, i) => side + (symbol === 'WETH' ? parseUnits(pool.amounts[i] ?? '0', 18) : 0n),
        0n,
      ),
    0n,
  )
  const call = (/** @type {Artifact} */ artifact, /** @type {string} */ functionName, /** @type {unknown[]} */ args) =>
    encodeFunctionData({ abi: artifact.abi, functionName, args })

  /** @type {{ to?: `0x${string}`, data: `0x${string}`, gas: bigint, value?: bigint }[]} */
  const transactions = [
    { data: wethArtifact.bytecode, gas: GAS.deployWeth },
    {
      data: encodeDeployData({ abi: routerArtifact.abi, bytecode: routerArtifact.bytecode, args: [weth] }),
      gas: GAS.deployRouter,
    },
    { to: weth, data: call(wethArtifact, 'deposit', []), gas: GAS.call, value: wethNeeded },
    // One approval per token the pools take, each unlimited: the router pulls every deposit.
    ...[...new Set(AMM_POOLS.flatMap((pool) => pool.symbols))].map((symbol) => ({
      to: /** @type {`0x${string}`} */ (tokenOf(symbol).address),
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
      gas: GAS.call,
    })),
    ...AMM_POOLS.map((pool) => {
      const [a, b] = pool.symbols.map(tokenOf)
      const [amountA, amountB] = pool.amounts.map((amount, i) => parseUnits(amount, [a, b][i]?.decimals ?? 18))
      return {
        to: router,
        data: call(routerArtifact, 'addLiquidity', [
          a?.address,
          b?.address,
          amountA,
          amountB,
          amountA,
          amountB,
          deployer,
          maxUint256, // no deadline: nothing else is queued before it
        ]),
        gas: GAS.addLiquidity,
      }
    }),
  ]

  const hashes = await rpcBatch(
    rpcUrl,
    transactions.map((transaction, index) => [
      'eth_sendTransaction',
      [
        {
          from: deployer,
          nonce: hex(BigInt(startNonce + index)),
          gas: hex(transaction.gas),
          ...(transaction.to ? { to: transaction.to } : {}),
          data: transaction.data,
          ...(transaction.value ? { value: hex(transaction.value) } : {}),
        },
      ],
    ]),
  )
  const receipts = await receiptsOf(rpcUrl, /** @type {string[]} */ (hashes))
  receipts.forEach((receipt, index) => {
    if (receipt.status !== '0x1') throw new Error(`AMM deployment transaction ${index} reverted (${rpcUrl})`)
  })
  const created = parseEventLogs({
    abi: routerArtifact.abi,
    eventName: 'PairCreated',
    logs: receipts.slice(-AMM_POOLS.length).flatMap((receipt) => receipt.logs),
  })
  const pairs = AMM_POOLS.map((pool, index) => {
    const [a, b] = pool.symbols.map(tokenOf)
    const event = /** @type {{ args: { pair: `0x${string}` } } | undefined} */ (created[index])
    if (!event) throw new Error(`AMM pool ${pool.symbols.join('/')} was not created (${rpcUrl})`)
    return /** @type {AmmPair} */ ({
      address: event.args.pair,
      tokens: [a?.address, b?.address],
      symbols: [...pool.symbols],
    })
  })
  return { router, weth, pairs }
}

/** @param {bigint} value */
const hex = (value) => `0x${value.toString(16)}`

/**
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown[]} params
 */
async function rpc(rpcUrl, method, params) {
  const [result] = await rpcBatch(rpcUrl, [[method, params]])
  return result
}

/**
 * One HTTP request, many JSON-RPC calls; answers in the order asked.
 * @param {string} rpcUrl
 * @param {[string, unknown[]][]} calls
 * @returns {Promise<any[]>}
 */
async function rpcBatch(rpcUrl, calls) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  })
  const answers = /** @type {{ id: number, result?: unknown, error?: { message: string } }[]} */ (await response.json())
  return calls.map(([method], id) => {
    const answer = answers.find((candidate) => candidate.id === id)
    if (!answer || answer.error) throw new Error(`${method} on ${rpcUrl}: ${answer?.error?.message ?? 'no answer'}`)
    return answer.result
  })
}

/**
 * The receipts of `hashes`, polled together until all are mined (anvil automines, so this is
 * usually the first try).
 * @param {string} rpcUrl
 * @param {string[]} hashes
 * @returns {Promise<{ status: string, logs: any[] }[]>}
 */
async function receiptsOf(rpcUrl, hashes) {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  for (;;) {
    const receipts = await rpcBatch(
      rpcUrl,
      hashes.map((hash) => ['eth_getTransactionReceipt', [hash]]),
    )
    if (receipts.every(Boolean)) return receipts
    if (Date.now() > deadline) {
      // Seen once in CI (a clean run, a quiet machine): which ones, and where the node's nonce stood,
      // tell a transaction the node dropped from one it held back behind a gap.
      const missing = hashes.filter((_, index) => !receipts[index])
      const [latest, pending] = await rpcBatch(rpcUrl, [
        ['eth_blockNumber', []],
        ['txpool_status', []],
      ]).catch(() => ['unknown', 'unknown'])
      throw new Error(
        `AMM deployment on ${rpcUrl}: ${missing.length} of ${hashes.length} transactions not mined in ` +
          `${RECEIPT_TIMEOUT_MS / 1000} s (first missing ${missing[0]}; block ${latest}, pool ${JSON.stringify(pending)})`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
