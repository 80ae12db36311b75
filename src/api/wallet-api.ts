/**
 * Typed client for the wallet list of the wallet API host (SPEC §7 "Wallet API host"). LAZY: it
 * sits on the HTTP client (ofetch), so only views that list wallets import it. Every reply is
 * validated: a body of the wrong shape throws {@link InvalidResponseError}, a bad listing is
 * dropped so one broken entry never hides the rest of the page.
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { createHttpClient, type HttpClient, type QueryParams } from '../core/lib/http'
import type { WalletListing } from '../core/types'
import { appLink, webLink } from '../lib/links'
import { outsideText } from '../lib/outside-text'
import { isRecord } from '../lib/validate'
import { InvalidResponseError } from './errors'
import type { HostedApi } from './client'

/** Where the API is and which project asks. */
export interface WalletApiConfig {
  baseUrl: string
  projectId: string
}

/** A `/getWallets` query; list parameters are sent comma-joined, empty ones left out. */
export interface GetWalletsParameters {
  /** 1-based page. */
  page: number
  /** Listings per page. */
  entries: number
  /** Only these wallet ids. */
  include?: readonly string[]
  /** Never these wallet ids. */
  exclude?: readonly string[]
  /** CAIP-2 network ids; a wallet matches when it supports any of them. */
  chains?: readonly string[]
  /** Case-insensitive name search. */
  search?: string
  badgeType?: string
}

/** One page of listings; `count` is the number of listings matching the query, not the page size. */
export interface WalletPage {
  count: number
  data: WalletListing[]
}

/** The client. */
export interface WalletApi {
  getWallets(parameters: GetWalletsParameters): Promise<WalletPage>
  /** The URL of a listing's image, for an `<img src>` (the browser fetches it only when shown). */
  walletImageUrl(imageId: string): string
}

/** The wallet API (wallet list, images) at the `walletApi` endpoint; `apiClient` makes its client. */
export const WALLET_API: HostedApi<WalletApi, 'walletApi'> = { endpoint: 'walletApi', create: createWalletApi }

/**
 * Creates a wallet API client.
 *
 * @example
 * ```ts
 * const api = createWalletApi({ baseUrl: 'https://api.web3modal.org', projectId })
 * const { count, data } = await api.getWallets({ page: 1, entries: 40, chains: ['eip155:1'] })
 * const src = api.walletImageUrl(data[0].image_id)
 * ```
 */
export function createWalletApi(config: WalletApiConfig): WalletApi {
  const client: HttpClient = createHttpClient({ baseUrl: config.baseUrl })
  const common: QueryParams = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  return {
    async getWallets({ page, entries, include, exclude, chains, search, badgeType }) {
      const body = await client.get({
        path: '/getWallets',
        params: { ...common, page, entries, include, exclude, chains, search: search?.trim(), badge_type: badgeType },
      })
      return parseWalletPage(body)
    },
    walletImageUrl: (imageId) => client.url({ path: `/getWalletImage/${encodeURIComponent(imageId)}`, params: common }),
  }
}

/**
 * Validates a `/getWallets` reply `{ count, data }`: a wrong shape throws, bad listings are dropped
 * and the good ones keep only the fields SigKit knows. A name is cleaned of bidi and invisible
 * characters and cut to 64; a link with a refused scheme (`javascript:`, `data:`…) becomes null,
 * and `webapp_link` must be http(s).
 * @internal
 */
export function parseWalletPage(body: unknown): WalletPage {
  if (!isRecord(body)) throw new InvalidResponseError('getWallets', 'not an object')
  const { count, data } = body
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new InvalidResponseError('getWallets', 'count must be a non-negative integer')
  }
  if (!Array.isArray(data)) throw new InvalidResponseError('getWallets', 'data must be an array')
  return { count, data: data.flatMap((item: unknown) => parseWalletListing(item) ?? []) }
}

const LINKS = ['mobile_link', 'desktop_link', 'webapp_link'] as const

/** What each link may be: the app links open the wallet's app, the web app link a web page. */
const LINK_CHECKS: Record<(typeof LINKS)[number], (value: unknown) => string | undefined> = {
  mobile_link: appLink,
  desktop_link: appLink,
  webapp_link: webLink,
}

/**
 * One listing, validated and cleaned as {@link parseWalletPage} says, or undefined. Also reads the
 * recent wallets kept in storage, which are as untrusted as the API.
 * @internal
 */
export function parseWalletListing(item: unknown): WalletListing | undefined {
  if (!isRecord(item)) return undefined
  const { id, image_id: imageId, rdns, chains } = item
  const name = typeof item['name'] === 'string' ? outsideText(item['name']) : ''
  if (!isFilled(id) || name === '') return undefined
  if (imageId !== undefined && imageId !== null && typeof imageId !== 'string') return undefined
  if (
    !isStringOrNull(rdns) ||
    (chains !== undefined &&
      chains !== null &&
      !(Array.isArray(chains) && chains.every((chain) => typeof chain === 'string')))
  )
    return undefined
  if (!LINKS.every((key) => isStringOrNull(item[key]))) return undefined
  const listing: WalletListing = { id, name }
  if (isFilled(imageId)) listing.image_id = imageId
  if (rdns !== undefined) listing.rdns = rdns as string | null
  if (chains) listing.chains = [...(chains as string[])]
  for (const key of LINKS) if (item[key] !== undefined) listing[key] = LINK_CHECKS[key](item[key]) ?? null
  return listing
}

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/** Absent, null or a string: the API sends null for a link a wallet does not have. */
function isStringOrNull(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string'
}
