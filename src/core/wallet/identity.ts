/**
 * Who the connected EVM account is (SPEC §5, §9): the identity service's name and avatar, kept 5
 * minutes in localStorage (HOSTED-API §10 `identity_cache`; expiry and shape checked on read), so
 * a reload shows the name at once. LAZY: `refreshAccountData` loads it for EVM accounts; the names
 * feature records a registered name here.
 */
import { log } from '../../lib/logger'
import { CHAIN_NAMESPACES, IDENTITY_CACHE_MS } from '../constants'
import { loadAdapter } from '../config/appkit-state'
import { createStoredCache } from '../lib/stored-cache'
import { STORAGE_PREFIX } from '../lib/storage'
import { emitCoreEvent } from '../lifecycle'
import { getAccountState, setAccount } from '../state/account'
import type { Identity } from '../state/adapters'
import { getNetworkState, isNetworkSupported } from '../state/network'
import type { ChainNamespace } from '../types'
import { isImageUrl, isNonEmptyString, isRecord } from '../../lib/validate'

/** localStorage key of the identity cache (HOSTED-API §10's `identity_cache`). */
export const IDENTITY_CACHE_KEY = `${STORAGE_PREFIX.app}identity_cache`

/** A stored identity: a name and an avatar (http(s) or an inline image), each optional. */
function isIdentity(value: unknown): value is Identity {
  if (!isRecord(value)) return false
  const { name, avatar } = value
  return (name === undefined || isNonEmptyString(name)) && (avatar === undefined || isImageUrl(avatar))
}

/** Identities by lower-case address, 5 minutes each (SPEC §9), kept across reloads. */
const identityCache = createStoredCache(IDENTITY_CACHE_KEY, IDENTITY_CACHE_MS, isIdentity)

/**
 * Name and avatar of the account (SPEC §5: eip155 only, on non-test networks; 5 min cache). A
 * failed lookup clears the avatar and emits `identityUnavailable`, whose subscribers look the name
 * up another way (SPEC §8); it resolves once they are done. Never rejects.
 *
 * @example
 * ```ts
 * await refreshIdentity('eip155')
 * ```
 */
export async function refreshIdentity(namespace: ChainNamespace): Promise<void> {
  const address = getAccountState(namespace).address.peek()
  const network = getNetworkState(namespace).caipNetwork.peek()
  if (namespace !== 'eip155' || !address || !network || network.testnet || !isNetworkSupported(network)) return
  const key = address.toLowerCase()
  let identity = identityCache.get(key)
  try {
    if (!identity) {
      const adapter = await loadAdapter(namespace)
      if (!adapter.getIdentity) return
      identity = await adapter.getIdentity({ address, network })
      identityCache.set(key, identity)
    }
    if (getAccountState(namespace).address.peek() !== address) return
    setAccount(namespace, { profileName: identity.name, profileImage: identity.avatar })
  } catch (error) {
    log('warn', 'identity lookup failed', error)
    if (getAccountState(namespace).address.peek() !== address) return
    // SPEC §8: the picture goes, and the name is looked up another way by whoever subscribed (core
    // knows no name service; the names feature does).
    setAccount(namespace, { profileImage: undefined })
    await emitCoreEvent('identityUnavailable', { namespace, address })
  }
}

/**
 * Records who `address` is, as a name registration learnt it: the identity cache holds it for its
 * 5 minutes, and the account of that address shows it now.
 *
 * @example
 * ```ts
 * rememberIdentity('0xab…', { name: 'alice.reown.id', avatar: undefined })
 * ```
 */
export function rememberIdentity(address: string, identity: Identity): void {
  identityCache.set(address.toLowerCase(), identity)
  for (const namespace of CHAIN_NAMESPACES) {
    if (getAccountState(namespace).address.peek()?.toLowerCase() === address.toLowerCase())
      setAccount(namespace, { profileName: identity.name, profileImage: identity.avatar })
  }
}

/** @internal Forgets every stored identity (tests). */
export function resetIdentity(): void {
  identityCache.clear()
}
