// Funds a new embedded account so it can send at once: ETH on every anvil chain (a real transfer
// from anvil account #7, so the account's history starts with it) and SOL on the local SVM (its
// requestAirdrop, a transfer from the network's faucet). Where the chain has a SmartAccountFactory,
// the account's smart account (its counterfactual address, deployed or not) gets the same ETH, so
// it can send at once.
import { createWalletClient, http, parseAbi, parseEther, publicActions } from 'viem'
import { viemChainFor } from '../chains.mjs'

const factoryAbi = parseAbi(['function addressOf(address owner) view returns (address)'])

/**
 * Anvil account #7 (mnemonic `test test … junk`): unlocked in anvil, so anvil signs and orders
 * its transfers; not the test wallet (#0), the recipient (#2), the NFT minter (#8) or the
 * deployer (#9).
 */
export const FRAME_FAUCET_ACCOUNT = /** @type {`0x${string}`} */ ('0x14dC79964da2C08b23698B3D3cc7Ca32193d9955')
/** What each new account gets. */
export const FRAME_FUNDING = Object.freeze({ ethPerChain: '10', solLamports: 10_000_000_000 })

/**
 * @param {{
 *   chains?: { chainId: number, name: string, rpcUrl: string, smartAccountFactory?: `0x${string}` }[],
 *   solanaRpcUrl?: string,
 * }} options
 */
export function createFaucet({ chains = [], solanaRpcUrl }) {
  const clients = chains.map((chain) => ({
    chainId: chain.chainId,
    factory: chain.smartAccountFactory,
    client: createWalletClient({
      account: FRAME_FAUCET_ACCOUNT,
      chain: viemChainFor(chain),
      transport: http(chain.rpcUrl, { retryCount: 0 }),
      pollingInterval: 50,
    }).extend(publicActions),
  }))

  /**
   * @param {{ evm: `0x${string}`, solana: string }} addresses
   * @returns {Promise<{ evm: Record<number, string>, smartAccounts: Record<number, { address: string, hash: string }>, solana: string | null }>}
   *   transaction hashes (to the EOA; the smart account's address and its funding) and the airdrop signature
   */
  async function fund(addresses) {
    const [evm, solana] = await Promise.all([
      Promise.all(
        clients.map(async ({ chainId, client, factory }) => {
          const send = async (/** @type {`0x${string}`} */ to) => {
            const hash = await client.sendTransaction({ to, value: parseEther(FRAME_FUNDING.ethPerChain) })
            const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 })
            if (receipt.status !== 'success') throw new Error(`funding on chain ${chainId} reverted`)
            return hash
          }
          const eoa = await send(/** @type {`0x${string}`} */ (addresses.evm))
          let smart
          if (factory) {
            const address = await client.readContract({
              address: factory,
              abi: factoryAbi,
              functionName: 'addressOf',
              args: [/** @type {`0x${string}`} */ (addresses.evm)],
            })
            smart = { address, hash: await send(address) }
          }
          return /** @type {const} */ ([chainId, eoa, smart])
        }),
      ),
      solanaRpcUrl ? airdrop(solanaRpcUrl, addresses.solana, FRAME_FUNDING.solLamports) : null,
    ])
    return {
      evm: Object.fromEntries(evm.map(([chainId, eoa]) => [chainId, eoa])),
      smartAccounts: Object.fromEntries(evm.flatMap(([chainId, , smart]) => (smart ? [[chainId, smart]] : []))),
      solana,
    }
  }
  return { fund }
}

/** The sandbox's requestAirdrop lands the transfer before it answers. */
async function airdrop(/** @type {string} */ rpcUrl, /** @type {string} */ address, /** @type {number} */ lamports) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [address, lamports] }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`airdrop to ${address}: ${body.error.message}`)
  return /** @type {string} */ (body.result)
}
