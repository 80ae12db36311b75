/**
 * The connected EVM account's smart sessions: the list the service gives, loaded when the Account
 * view shows, and the revocation: the wallet signs the session's pci (SigKit's sign path: the
 * embedded wallet approves it in its frame), the service is told, and the session leaves the list.
 * A failure keeps the list and says why.
 */
import { batch, signal } from '@preact/signals-core'
import { apiClient } from '../../api/client'
import { SMART_SESSIONS_API, revokeMessage, type SmartSession } from '../../api/smart-sessions-api'
import { onCoreEvent } from '../../core/lifecycle'
import { getAccountState } from '../../core/state/account'
import { getNetworkState } from '../../core/state/network'
import { signMessage } from '../../core/wallet/sign'
import { describeWalletError } from '../../lib/wallet-errors'
import smartSessionsEn from '../../i18n/messages/en/smartSessions'

/** The sessions of {@link sessionsAccount}, oldest first; undefined until loaded. */
export const sessions = signal<readonly SmartSession[] | undefined>(undefined)
/** The CAIP-10 account the list belongs to. */
export const sessionsAccount = signal<string | undefined>(undefined)
/** Why the list could not be loaded, or why the last revocation failed. */
export const sessionsError = signal<string | undefined>(undefined)
/** The pci being revoked (the wallet asks, then the service is told). */
export const revoking = signal<string | undefined>(undefined)

/** The connected EVM account as CAIP-10, or undefined. */
export function currentAccount(): string | undefined {
  const address = getAccountState('eip155').address.peek()
  const network = getNetworkState('eip155').caipNetwork.peek()
  return address && network ? `${network.caipNetworkId}:${address}` : undefined
}

let loadSeq = 0

/**
 * Loads the connected account's sessions (an answer for an account no longer connected is
 * dropped).
 *
 * @example
 * ```ts
 * await loadSessions()
 * sessions.value // [{ pci, project, expiry, … }]
 * ```
 */
export async function loadSessions(): Promise<void> {
  const account = currentAccount()
  const seq = ++loadSeq
  if (!account) return clearSessions()
  try {
    const list = await apiClient(SMART_SESSIONS_API).getSessions(account)
    if (seq !== loadSeq || currentAccount() !== account) return
    batch(() => {
      sessions.value = list
      sessionsAccount.value = account
      sessionsError.value = undefined
    })
  } catch (error) {
    if (seq !== loadSeq) return
    batch(() => {
      sessionsAccount.value = account
      sessionsError.value = error instanceof Error ? error.message : String(error)
    })
  }
}

/**
 * Revokes a session: the wallet signs its pci, the service checks the signature and revokes it,
 * and it leaves the list. A second call while one runs is ignored.
 *
 * @returns whether it was revoked.
 */
export async function revokeSession(session: SmartSession): Promise<boolean> {
  const account = currentAccount()
  if (!account || revoking.peek()) return false
  batch(() => {
    revoking.value = session.pci
    sessionsError.value = undefined
  })
  try {
    const signature = await signMessage(revokeMessage(session), 'eip155')
    const { success } = await apiClient(SMART_SESSIONS_API).revoke({
      caipAddress: account,
      pci: session.pci,
      signature,
    })
    if (!success) throw new Error(smartSessionsEn.revokeFailed)
    if (sessionsAccount.peek() === account)
      sessions.value = (sessions.peek() ?? []).filter((kept) => kept.pci !== session.pci)
    return true
  } catch (error) {
    sessionsError.value = describeWalletError(error)
    return false
  } finally {
    revoking.value = undefined
  }
}

/** Forgets the list (the account went or changed). */
export function clearSessions(): void {
  loadSeq += 1
  batch(() => {
    sessions.value = undefined
    sessionsAccount.value = undefined
    sessionsError.value = undefined
  })
}

onCoreEvent('namespaceCleared', clearSessions)
onCoreEvent('accountChanged', clearSessions)
onCoreEvent('networkChanged', clearSessions)
