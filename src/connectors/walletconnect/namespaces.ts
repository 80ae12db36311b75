/**
 * The session proposal's namespaces, from the dapp's networks (SPEC §1: eip155, solana, bip122,
 * polkadot, cosmos). Only chains the dapp configured are asked for, all as optional namespaces so
 * a wallet that supports some of them can still connect.
 */
import type { CaipNetwork, ChainNamespace } from '../../core/types'

/** One namespace of a proposal. */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap?: Record<string, string>
}

const METHODS: Record<ChainNamespace, string[]> = {
  eip155: [
    'personal_sign',
    'eth_sendTransaction',
    'eth_signTypedData_v4',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_sendCalls',
    'wallet_getCapabilities',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: ['signMessage', 'sendTransfer', 'getAccountAddresses'],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  cosmos: ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'],
}

const EVENTS: Record<ChainNamespace, string[]> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged'],
  polkadot: [],
  cosmos: [],
}

/**
 * Optional namespaces for `UniversalProvider.connect`, with the RPC URL of every EVM chain so the
 * provider never reads from a hosted RPC on its own.
 *
 * @example
 * ```ts
 * buildNamespaces([mainnet, solana], (network) => network.rpcUrls.default.http[0])
 * ```
 */
export function buildNamespaces(
  networks: readonly CaipNetwork[],
  rpcUrlFor: (network: CaipNetwork) => string | undefined,
): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const namespace = (result[network.chainNamespace] ??= {
      chains: [],
      methods: METHODS[network.chainNamespace],
      events: EVENTS[network.chainNamespace],
    })
    namespace.chains.push(network.caipNetworkId)
    const rpcUrl = rpcUrlFor(network)
    if (rpcUrl) (namespace.rpcMap ??= {})[String(network.id)] = rpcUrl
  }
  return result
}
