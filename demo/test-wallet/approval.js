// Asking the person in front of the wallet, the same way for the EVM provider and the Solana
// wallet: one request ({ method, params, origin, action, summary }) to `approve` (the prompt, or
// a test's script), which says yes or no. No is EIP-1193's 4001 "User rejected the request.", an
// Error as the Wallet Standard expects; an `approve` that fails is a -32603.
import { internalError, userRejected } from './errors.js'

/**
 * @param {(request: import('./provider.js').ApprovalRequest) => Promise<boolean> | boolean} approve
 * @param {string} origin  the site asking
 */
export function createAsk(approve, origin) {
  /**
   * Resolves when the person approves; rejects with 4001 when they do not.
   * @param {string} method  @param {unknown} params  @param {string} action  @param {string} summary
   */
  return async function ask(method, params, action, summary) {
    let approved
    try {
      approved = await approve({ method, params, origin, action, summary })
    } catch (error) {
      throw internalError(
        `The wallet could not ask for approval: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    if (!approved) throw userRejected()
  }
}
