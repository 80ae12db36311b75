/**
 * Reading a WalletConnect session: its CAIP-10 accounts grouped by namespace. Session data comes
 * from the wallet, so anything malformed is skipped rather than trusted.
 */
import { isCaipNetworkId, isChainNamespace } from '../../core/lib/caip'
import type { CaipNetworkId, ChainNamespace } from '../../core/types'
import { outsideText } from '../../lib/outside-text'
import { isImageUrl, isRecord } from '../../lib/validate'

/** CAIP-10's account address and CAIP-2's chain reference. */
const ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

/** The part of a session this module reads. */
export interface SessionLike {
  topic: string
  namespaces: Record<string, { accounts?: string[]; chains?: string[] } | undefined>
  peer?: { metadata?: { name?: string; icons?: string[]; redirect?: { native?: string; universal?: string } } }
}

/**
 * Accounts per namespace, in the wallet's order; the chain of the first account is the chain.
 *
 * @example
 * ```ts
 * accountsByNamespace(session).get('eip155') // { accounts: ['0xab…'], chainId: '31337' }
 * ```
 */
export function accountsByNamespace(
  session: SessionLike,
): Map<ChainNamespace, { accounts: string[]; chainId: string }> {
  const result = new Map<ChainNamespace, { accounts: string[]; chainId: string }>()
  for (const [key, value] of Object.entries(session.namespaces ?? {})) {
    for (const account of listOf(value, 'accounts')) {
      const parts = typeof account === 'string' ? account.split(':') : []
      if (parts.length !== 3) continue
      const [namespace, chainId, address] = parts as [string, string, string]
      if (!REFERENCE.test(chainId) || !ADDRESS.test(address)) continue
      if (!isChainNamespace(namespace) || namespace !== key.split(':')[0]) continue
      const entry = result.get(namespace) ?? { accounts: [], chainId }
      // One entry per address, on the session's first chain for that namespace.
      if (chainId === entry.chainId && !entry.accounts.includes(address)) entry.accounts.push(address)
      result.set(namespace, entry)
    }
  }
  return result
}

/**
 * The networks the wallet approved per namespace (SPEC §3 approvedCaipNetworkIds): a namespace's
 * `chains` and the chains of its accounts, CAIP-2 ids only.
 *
 * @example
 * ```ts
 * approvedNetworksByNamespace(session).get('eip155') // ['eip155:31337', 'eip155:31338']
 * ```
 */
export function approvedNetworksByNamespace(session: SessionLike): Map<ChainNamespace, CaipNetworkId[]> {
  const result = new Map<ChainNamespace, CaipNetworkId[]>()
  for (const [key, value] of Object.entries(session.namespaces ?? {})) {
    const accountChains = listOf(value, 'accounts').map((account) =>
      typeof account === 'string' ? account.split(':').slice(0, 2).join(':') : '',
    )
    // A namespace key may itself be a chain ('eip155:1') when it has no `chains` list.
    for (const chain of [key, ...listOf(value, 'chains'), ...accountChains]) {
      const namespace = typeof chain === 'string' ? chain.split(':')[0] : undefined
      if (!isCaipNetworkId(chain) || !isChainNamespace(namespace) || namespace !== key.split(':')[0]) continue
      const list = result.get(namespace) ?? []
      if (!list.includes(chain)) list.push(chain)
      result.set(namespace, list)
    }
  }
  return result
}

/** A namespace's `accounts` or `chains` when it is a list (a wallet may send anything). */
function listOf(value: unknown, key: 'accounts' | 'chains'): unknown[] {
  const list = isRecord(value) ? value[key] : undefined
  return Array.isArray(list) ? list : []
}

/**
 * The wallet as the session's peer metadata presents it: its name cleaned of bidi and invisible
 * characters (`fallback` when it has none), and its first icon when an `<img>` may load it.
 *
 * @example
 * ```ts
 * sessionWallet(session) // { name: 'Rainbow', icon: 'https://rainbow.me/icon.png' }
 * ```
 */
export function sessionWallet(session: SessionLike, fallback = 'WalletConnect'): { name: string; icon?: string } {
  const metadata: unknown = isRecord(session.peer) ? session.peer['metadata'] : undefined
  const name = isRecord(metadata) && typeof metadata['name'] === 'string' ? outsideText(metadata['name']) : ''
  const icons = isRecord(metadata) ? metadata['icons'] : undefined
  const icon: unknown = Array.isArray(icons) ? icons[0] : undefined
  return { name: name || fallback, ...(isImageUrl(icon) ? { icon } : {}) }
}

/**
 * When a pairing URI stops being usable: its `expiryTimestamp` (seconds), else five minutes on.
 *
 * @example
 * ```ts
 * pairingExpiry('wc:abc@2?relay-protocol=irn&symKey=x&expiryTimestamp=1700000300', 0) // 1700000300000
 * ```
 */
export function pairingExpiry(uri: string, now: number): number {
  const match = /[?&]expiryTimestamp=(\d+)/.exec(uri)
  return match ? Number(match[1]) * 1000 : now + 5 * 60_000
}
