// @ts-check
// Two local EVM chains with the same two ERC-20 tokens on each, and the test wallet funded.
//
//   const sandboxChains = await startChains({ ports: [0, 0] })   // 0 = a free port
//   sandboxChains.chains   // [{ chainId: 31337, name: 'Localhost', rpcUrl, caipNetworkId, port }, …]
//   sandboxChains.tokens   // { 31337: [{ address, symbol, name, decimals }, …], 31338: […] }
//   await sandboxChains.stop()
//
// The tokens are deployed by anvil account #9 as its first two transactions on each chain, so
// their addresses are the same on both chains and on every run. The NFT collections (nfts.mjs)
// come from account #8, likewise. Multicall3 sits at its canonical address, as on public chains.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createWalletClient, defineChain, getContractAddress, http, parseUnits, publicActions } from 'viem'
import { deployAmm } from './amm.mjs'
import { startAnvil } from './anvil.mjs'
import { rpcCall } from './evm-batch.mjs'
import { deployCollections } from './nfts.mjs'
import { contractsDir, repoRoot } from './paths.mjs'
import { deploySmartAccountFactory } from './smart-accounts.mjs'

/** Anvil's default accounts (mnemonic `test test … junk`), unlocked in every anvil. */
export const ANVIL_ACCOUNTS = Object.freeze({
  /** #0: the account the SigKit test wallet holds. */
  wallet: /** @type {`0x${string}`} */ ('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'),
  /** #2: somewhere to send funds in demos and tests. */
  recipient: /** @type {`0x${string}`} */ ('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
  /**
   * #9: deploys the tokens and the AMM (amm.mjs) and seeds its pools, so account #0's nonce stays
   * 0 for the wallet's own tests.
   */
  deployer: /** @type {`0x${string}`} */ ('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'),
})

/** The sandbox chains, in the order `ports` refers to. */
export const SANDBOX_CHAINS = Object.freeze([
  Object.freeze({ chainId: 31337, name: 'Localhost' }),
  Object.freeze({ chainId: 31338, name: 'Localhost L2' }),
])

/**
 * The tokens deployed on every chain, in deployment order. `walletFunding` is what account #0
 * receives (in whole tokens); the deployer keeps the rest of `supply`.
 */
export const SANDBOX_TOKENS = Object.freeze([
  Object.freeze({ symbol: 'USDC', name: 'USD Coin', decimals: 6, supply: '1000000000', walletFunding: '1250.5' }),
  Object.freeze({ symbol: 'SKT', name: 'SigKit Token', decimals: 18, supply: '1000000', walletFunding: '42' }),
])

/** The native currency of both chains (anvil's default). */
export const NATIVE_CURRENCY = Object.freeze({ name: 'Ether', symbol: 'ETH', decimals: 18 })

/** @returns {{ abi: import('viem').Abi, bytecode: `0x${string}` }} the committed compile of Token.sol */
export function loadTokenArtifact() {
  return JSON.parse(readFileSync(join(contractsDir, 'Token.json'), 'utf8'))
}

/** Where Multicall3 is on (almost) every public EVM chain, and on the sandbox's. */
export const MULTICALL3_ADDRESS = /** @type {`0x${string}`} */ ('0xcA11bde05977b3631167028862bE2a173976CA11')

/**
 * Puts Multicall3 at its canonical address with anvil_setCode (no deployer nonce used, so every
 * other address stays as it was). The contract is the one viem ships for its deployless multicall
 * (its creation code, not a public export of viem: read from the installed file); an eth_call of
 * the creation code returns the code it deploys.
 * @param {string} rpcUrl
 */
async function installMulticall3(rpcUrl) {
  const source = readFileSync(join(repoRoot, 'node_modules', 'viem', '_esm', 'constants', 'contracts.js'), 'utf8')
  const creationCode = /multicall3Bytecode = '(0x[0-9a-f]+)'/.exec(source)?.[1]
  if (!creationCode) throw new Error("viem's Multicall3 creation code was not found")
  const runtimeCode = await rpcCall(rpcUrl, 'eth_call', [{ data: creationCode }, 'latest'])
  await rpcCall(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, runtimeCode])
}

/**
 * A viem chain definition for a sandbox chain.
 * @param {{ chainId: number, name: string, rpcUrl: string }} chain
 */
export function viemChainFor({ chainId, name, rpcUrl }) {
  return defineChain({
    id: chainId,
    name,
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/**
 * Deploy the tokens on one chain and fund the wallet account.
 * @param {{ chainId: number, name: string, rpcUrl: string }} chain
 * @returns {Promise<{ address: `0x${string}`, symbol: string, name: string, decimals: number }[]>}
 */
async function deployTokens(chain) {
  const { abi, bytecode } = loadTokenArtifact()
  const client = createWalletClient({
    account: ANVIL_ACCOUNTS.deployer, // unlocked in anvil: it signs eth_sendTransaction itself
    chain: viemChainFor(chain),
    transport: http(chain.rpcUrl),
  }).extend(publicActions)

  const startNonce = await client.getTransactionCount({ address: ANVIL_ACCOUNTS.deployer })
  const tokens = []
  const transfers = []
  for (const [index, token] of SANDBOX_TOKENS.entries()) {
    const hash = await client.deployContract({
      abi,
      bytecode,
      args: [token.name, token.symbol, token.decimals, parseUnits(token.supply, token.decimals)],
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    const expected = getContractAddress({ from: ANVIL_ACCOUNTS.deployer, nonce: BigInt(startNonce + index) })
    if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(
        `${token.symbol} deployment on chain ${chain.chainId} failed (${receipt.status}, ${receipt.contractAddress})`,
      )
    }
    tokens.push({ address: expected, symbol: token.symbol, name: token.name, decimals: token.decimals })
    transfers.push({ address: expected, amount: parseUnits(token.walletFunding, token.decimals) })
  }
  for (const { address, amount } of transfers) {
    const hash = await client.writeContract({
      address,
      abi,
      functionName: 'transfer',
      args: [ANVIL_ACCOUNTS.wallet, amount],
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`funding the wallet on chain ${chain.chainId} failed`)
  }
  return tokens
}

/**
 * Start both chains, deploy the tokens on each and fund the wallet account, then deploy the AMM
 * (amm.mjs) with its pools on each.
 * @param {{ ports?: number[] }} [options] one port per SANDBOX_CHAINS entry; 0 = a free port
 * @returns {Promise<{
 *   chains: { chainId: number, name: string, rpcUrl: string, caipNetworkId: string, port: number }[],
 *   tokens: Record<number, { address: `0x${string}`, symbol: string, name: string, decimals: number }[]>,
 *   amm: Record<number, import('./amm.mjs').Amm>,
 *   nfts: Record<number, import('./nfts.mjs').Collection[]>,
 *   smartAccounts: Record<number, { factory: `0x${string}` }>,
 *   accounts: typeof ANVIL_ACCOUNTS,
 *   stop: () => Promise<void>,
 * }>}
 */
export async function startChains({ ports = [0, 0] } = {}) {
  const started = await Promise.allSettled(
    SANDBOX_CHAINS.map(({ chainId }, index) => startAnvil({ chainId, port: ports[index] ?? 0 })),
  )
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()))
  }
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }
  try {
    const chains = SANDBOX_CHAINS.map(({ chainId, name }, index) => {
      const node = /** @type {(typeof nodes)[number]} */ (nodes[index])
      return { chainId, name, rpcUrl: node.rpcUrl, caipNetworkId: `eip155:${chainId}`, port: node.port }
    })
    await Promise.all(chains.map(({ rpcUrl }) => installMulticall3(rpcUrl)))
    const deployed = await Promise.all(chains.map(deployTokens))
    /** @type {Record<number, Awaited<ReturnType<typeof deployTokens>>>} */
    const tokens = {}
    chains.forEach((chain, index) => (tokens[chain.chainId] = /** @type {any} */ (deployed[index])))
    // The token deployer seeds the pools, so the wallet's balances and nonce stay as funded.
    /** @type {Record<number, import('./amm.mjs').Amm>} */
    const amm = Object.fromEntries(
      await Promise.all(
        chains.map(async ({ chainId, rpcUrl }) => [
          chainId,
          await deployAmm({ rpcUrl, deployer: ANVIL_ACCOUNTS.deployer, tokens: tokens[chainId] ?? [] }),
        ]),
      ),
    )
    /** @type {Record<number, import('./nfts.mjs').Collection[]>} */
    const nfts = Object.fromEntries(
      await Promise.all(
        chains.map(async ({ chainId, rpcUrl }) => [
          chainId,
          await deployCollections({ rpcUrl, holder: ANVIL_ACCOUNTS.wallet }),
        ]),
      ),
    )
    // Last of the deployer's transactions at start, so the token and AMM addresses stay as they were.
    /** @type {Record<number, { factory: `0x${string}` }>} */
    const smartAccounts = Object.fromEntries(
      await Promise.all(
        chains.map(async ({ chainId, rpcUrl }) => [
          chainId,
          await deploySmartAccountFactory({ rpcUrl, deployer: ANVIL_ACCOUNTS.deployer }),
        ]),
      ),
    )
    return { chains, tokens, amm, nfts, smartAccounts, accounts: ANVIL_ACCOUNTS, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
