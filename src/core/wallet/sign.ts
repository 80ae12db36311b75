/**
 * Signing a message with the connected wallet. LAZY: reached from hooks and views.
 */
import { activeNamespace, getAccountState } from '../state/account'
import { connectedProvider } from '../state/connection'
import { showErrorToast } from '../modal/toasts'
import type { ChainNamespace } from '../types'
import { isUserRejection } from '../../lib/wallet-errors'
import { loadAdapter } from '../config/appkit-state'

/** Toast shown when the person declines a signature (SPEC §8). */
export const SIGNATURE_DECLINED = 'Signature declined'

/** The same toast when the account is a smart account: the dapp may not accept its signatures (SPEC §8). */
export const SMART_ACCOUNT_DECLINED = 'This application might not support Smart Accounts'

/**
 * The toast for a declined signature: smart accounts get their own text.
 *
 * @example
 * ```ts
 * showErrorToast(declinedSignatureText('eip155'))
 * ```
 */
export function declinedSignatureText(namespace: ChainNamespace): string {
  const state = getAccountState(namespace)
  const address = state.address.peek()?.toLowerCase()
  const smart = state.allAccounts
    .peek()
    .some((account) => account.type === 'smartAccount' && account.address.toLowerCase() === address)
  return smart ? SMART_ACCOUNT_DECLINED : SIGNATURE_DECLINED
}

/**
 * Asks the connected wallet to sign `message` (personal_sign on eip155). A refusal shows the
 * 'Signature declined' toast (or the smart-account one) and rejects.
 *
 * @returns the signature.
 * @example
 * ```ts
 * const signature = await signMessage('Hello from SigKit')
 * ```
 */
export async function signMessage(
  message: string,
  namespace: ChainNamespace | undefined = activeNamespace.peek(),
): Promise<string> {
  const address = namespace ? getAccountState(namespace).address.peek() : undefined
  const provider = connectedProvider(namespace)
  if (!namespace || !address || !provider) throw new Error('Connector not connected')
  const adapter = await loadAdapter(namespace)
  try {
    return await adapter.signMessage({ provider, address, message })
  } catch (error) {
    if (isUserRejection(error)) showErrorToast(declinedSignatureText(namespace))
    throw error
  }
}
