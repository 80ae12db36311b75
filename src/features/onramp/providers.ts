/**
 * The built-in on-ramp providers (SPEC §4 "On-ramp", §9: two providers, fee range 1-2%) and the
 * URLs that open them. The first is opened through the API's URL generator, the second through its
 * own URL with the wallet parameters appended.
 */
import { DEFAULT_ENDPOINTS } from '../../core/constants'
import type { ChainNamespace } from '../../core/types'
import type { OnrampUrlRequest, PurchaseCurrency, PurchaseNetwork } from '../../api/onramp-api'

/** A provider the Buy view can offer. */
export interface OnrampProvider {
  /** The name remote configuration lists (`onramp` feature config). */
  id: 'coinbase' | 'meld'
  label: string
  feeRange: string
  /** Its own page; for the first provider the generator's URL is used instead. */
  url: string
  namespaces: readonly ChainNamespace[]
  /** A card on-ramp, offered only on the card on-ramp chains ({@link cardOnrampOffered}). */
  card: boolean
}

/** The built-in providers, in order. */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  {
    id: 'coinbase',
    label: 'Coinbase',
    feeRange: '1-2%',
    url: 'https://pay.coinbase.com',
    namespaces: ['eip155', 'solana'],
    // Coinbase's card purchase: AppKit's `WC_COINBASE_PAY_SDK_CHAINS` are SPEC §9's card chains.
    card: true,
  },
  {
    id: 'meld',
    label: 'Meld.io',
    feeRange: '1-2%',
    url: 'https://meldcrypto.com',
    namespaces: ['eip155', 'solana'],
    card: false,
  },
]

/**
 * The second provider's public key (AppKit reads it from its build's environment and sends an
 * empty one without it); the provider names the dapp by `externalCustomerId`, the project id.
 */
export const MELD_PUBLIC_KEY = ''

/**
 * The built-in providers the remote list names, in the built-in order, that work in `namespace`;
 * a card on-ramp only when `cardOffered` (the network is a card on-ramp chain,
 * {@link cardOnrampOffered}). A list that is not an array of strings is no provider at all (SPEC §4).
 *
 * @example
 * ```ts
 * providersFor(['meld'], 'eip155') // [meld]
 * providersFor(['coinbase', 'meld'], 'eip155', false) // [meld]
 * ```
 */
export function providersFor(
  names: unknown,
  namespace: ChainNamespace | undefined,
  cardOffered = true,
): OnrampProvider[] {
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) return []
  return ONRAMP_PROVIDERS.filter(
    (provider) =>
      names.includes(provider.id) &&
      (!namespace || provider.namespaces.includes(namespace)) &&
      (cardOffered || !provider.card),
  )
}

/**
 * SPEC §9 "Card on-ramp chains: ethereum, arbitrum, polygon, berachain, avalanche, optimism, celo,
 * base", by the chain id of each one's mainnet.
 */
export const CARD_ONRAMP_CHAINS: Readonly<Record<string, number>> = Object.freeze({
  ethereum: 1,
  arbitrum: 42161,
  polygon: 137,
  berachain: 80094,
  avalanche: 43114,
  optimism: 10,
  celo: 42220,
  base: 8453,
})

/**
 * Whether a card on-ramp is offered on a network: with the hosted API, on the card on-ramp chains
 * only ({@link CARD_ONRAMP_CHAINS}; no Solana network among them). A dapp that points
 * `endpoints.api` at its own host (a self-hosted API, the local sandbox, whose anvil chains have
 * ids of their own) offers it where its own options sell (the amount view needs a purchase network
 * on the active chain), as that host serves the second provider's page ({@link meldBaseUrl}).
 *
 * @example
 * ```ts
 * cardOnrampOffered('eip155:8453', 'https://rpc.walletconnect.org') // true
 * cardOnrampOffered('eip155:56', 'https://rpc.walletconnect.org')   // false
 * ```
 */
export function cardOnrampOffered(caipNetworkId: string | undefined, apiEndpoint: string): boolean {
  if (!caipNetworkId) return false
  if (apiEndpoint !== DEFAULT_ENDPOINTS.api) return true
  const [namespace, reference] = caipNetworkId.split(':')
  return namespace === 'eip155' && Object.values(CARD_ONRAMP_CHAINS).includes(Number(reference))
}

/**
 * Where the second provider's page is: its own site, or, when the dapp points `endpoints.api` at
 * its own host (a self-hosted API or the local sandbox), that host's `/onramp/meld` page, which
 * stands in for the provider.
 */
export function meldBaseUrl(apiEndpoint: string): string {
  return apiEndpoint === DEFAULT_ENDPOINTS.api
    ? (ONRAMP_PROVIDERS[1] as OnrampProvider).url
    : `${apiEndpoint.replace(/\/+$/, '')}/onramp/meld`
}

/** What the second provider's URL is built from. */
export interface MeldUrlInput {
  baseUrl: string
  namespace: ChainNamespace
  /** The active address ('' when none). */
  address: string | undefined
  projectId: string
  /** The amount and currency the visitor chose, so the page opens with them filled in. */
  fiatAmount?: string
  fiatCurrency?: string
}

/**
 * The second provider's URL: `publicKey`, `destinationCurrencyCode` (SOL on Solana, otherwise USDC),
 * `walletAddress` and `externalCustomerId` (the project id) appended (SPEC §4), then the amount.
 *
 * @example
 * ```ts
 * meldUrl({ baseUrl: 'https://meldcrypto.com', namespace: 'eip155', address: '0xabc…', projectId: 'p1' })
 * // 'https://meldcrypto.com/?publicKey=&destinationCurrencyCode=USDC&walletAddress=0xabc…&externalCustomerId=p1'
 * ```
 */
export function meldUrl(input: MeldUrlInput): string {
  const url = new URL(input.baseUrl)
  url.searchParams.set('publicKey', MELD_PUBLIC_KEY)
  url.searchParams.set('destinationCurrencyCode', input.namespace === 'solana' ? 'SOL' : 'USDC')
  url.searchParams.set('walletAddress', input.address ?? '')
  url.searchParams.set('externalCustomerId', input.projectId)
  if (input.fiatAmount) url.searchParams.set('sourceAmount', input.fiatAmount)
  if (input.fiatCurrency) url.searchParams.set('sourceCurrencyCode', input.fiatCurrency)
  return url.toString()
}

/**
 * The body of the URL generator call for the first provider: the wallet that receives, the
 * network and asset bought, and the amount the visitor chose.
 *
 * @example
 * ```ts
 * generatorRequest({ address, currency: usdc, network: usdc.networks[0], fiatAmount: '50' })
 * ```
 */
export function generatorRequest(input: {
  address: string
  currency: PurchaseCurrency
  network: PurchaseNetwork
  fiatAmount: string
}): OnrampUrlRequest {
  const amount = Number(input.fiatAmount)
  return {
    destinationWallets: [
      { address: input.address, blockchains: [input.network.name], assets: [input.currency.symbol] },
    ],
    defaultNetwork: input.network.name,
    // The provider's id for the visitor: their address, the same on every visit.
    partnerUserId: input.address,
    ...(Number.isFinite(amount) && amount > 0 ? { presetFiatAmount: amount } : {}),
  }
}
