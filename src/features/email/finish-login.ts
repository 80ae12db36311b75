/**
 * Finishing an embedded-wallet login (an accepted email code, a social provider's answer, a
 * Farcaster approval): core connects the embedded connector with it, and the modal closes or a
 * next step such as sign-in takes it over. Shared by the email and social sections.
 */
import type { LoginMethod } from '../../connectors/embedded'

/**
 * Connects the embedded wallet with `login` (default: the email login whose code was accepted).
 *
 * @example
 * ```ts
 * await verifyOtp(code); await finishLogin()
 * ```
 */
export async function finishLogin(login: LoginMethod = { method: 'email' }): Promise<void> {
  const [embedded, wallet] = await Promise.all([
    import('../../connectors/embedded'),
    import('../../core/wallet/connect'),
  ])
  await wallet.connect(embedded.embeddedConnector, { login })
}
