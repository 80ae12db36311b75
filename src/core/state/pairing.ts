/**
 * The WalletConnect pairing in connection state: recording a URI and deciding whether it can be
 * reused. Apart from connection.ts (page-load code) because only the lazy WalletConnect connector
 * and its views use these, and esbuild ships a shared file's used parts with its first user.
 */
import { batch } from '@preact/signals-core'
import { clock } from '../lib/clock'
import { connectionState, type WritableConnectionSignals } from './connection'

/**
 * The connection state, writable, for the connectors and the connecting views (everyone else reads
 * the read-only `connectionState`; it is the same object).
 * @internal
 */
export const connectionSignals = connectionState as WritableConnectionSignals

/**
 * Records a fresh WalletConnect pairing URI and when it expires.
 *
 * @example
 * ```ts
 * setWcUri('wc:abc@2?relay-protocol=irn&symKey=…', clock.now() + 300_000)
 * ```
 */
export function setWcUri(uri: string, expiresAt: number | undefined): void {
  batch(() => {
    connectionSignals.wcUri.value = uri
    connectionSignals.wcPairingExpiry.value = expiresAt
    connectionSignals.wcError.value = false
  })
}

/**
 * Whether the current pairing URI can still be reused (SPEC: an unexpired pairing is reused).
 *
 * @example
 * ```ts
 * if (!hasValidPairing()) await connector.connect()
 * ```
 */
export function hasValidPairing(): boolean {
  const expiry = connectionState.wcPairingExpiry.peek()
  return Boolean(connectionState.wcUri.peek()) && expiry !== undefined && expiry > clock.now()
}
