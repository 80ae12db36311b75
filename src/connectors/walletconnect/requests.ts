/**
 * What happens to a request the dapp sends over a WalletConnect session, before and while it is
 * with the wallet: the permission methods answered here (SPEC §6), and the confirmation wait
 * (SPEC §9: 25 s), after which the visitor is told the wallet still has the request; and the
 * deadline of what goes to the network's RPC instead.
 */
import { clock } from '../../lib/clock'
import { WALLET_ERROR_CODES } from '../../lib/wallet-errors'

/**
 * SPEC §6: the universal adapter (here, the session's eip155 provider) answers
 * `wallet_grantPermissions` and `wallet_revokePermissions` with empty results when the wallet did
 * not approve them in the session: the request would otherwise go to a wallet that cannot answer
 * it (a 4200, or a prompt nobody can accept). A wallet that lists them in the session gets them.
 */
export const EMPTY_PERMISSION_RESULTS: Readonly<Record<string, unknown>> = {
  wallet_grantPermissions: {},
  wallet_revokePermissions: '0x',
}

/**
 * The empty result a session answers itself for `method`, or undefined when the request goes on.
 *
 * @example
 * ```ts
 * localPermissionResult('eip155', 'wallet_revokePermissions', ['personal_sign']) // '0x'
 * ```
 */
export function localPermissionResult(
  namespace: string,
  method: string,
  approvedMethods: readonly string[] | undefined,
): { result: unknown } | undefined {
  if (namespace !== 'eip155' || !(method in EMPTY_PERMISSION_RESULTS)) return undefined
  return approvedMethods?.includes(method) ? undefined : { result: EMPTY_PERMISSION_RESULTS[method] }
}

/** SPEC §9 "Wallet-connect transaction confirmation wait": how long a request waits before the visitor is told. */
export const WALLETCONNECT_CONFIRMATION_WAIT_MS = 25_000

/** What the visitor reads when the wallet has not answered a request within the wait. */
export function confirmationReminder(walletName: string): string {
  return `${walletName} has not answered yet. Open it and confirm or reject the request.`
}

/**
 * Runs a request that waits on the person at the wallet; if it is still waiting after
 * {@link WALLETCONNECT_CONFIRMATION_WAIT_MS}, `onStalled` is called once. The request is not
 * cancelled: the wallet may still answer (a relay request lives 5 minutes), and a transaction
 * sent twice could be paid twice, so nothing is sent again.
 *
 * @example
 * ```ts
 * await awaitConfirmation(provider.request(args), () => toast(confirmationReminder('MetaMask')))
 * ```
 */
export function awaitConfirmation<T>(
  request: Promise<T>,
  onStalled: () => void,
  waitMs: number = WALLETCONNECT_CONFIRMATION_WAIT_MS,
): Promise<T> {
  const timer = clock.setTimeout(onStalled, waitMs)
  const stop = () => clock.clearTimeout(timer)
  request.then(stop, stop)
  return request
}

/**
 * How long a request the session sends to the network's RPC (a method the wallet did not approve,
 * such as `eth_getBalance`) may take before it is refused. The universal provider's HTTP connection
 * reads any JSON body as the answer, whatever the status: an RPC that answers HTTP 500 or 429 with
 * a JSON error body of its own (no JSON-RPC `id`) leaves the request waiting forever.
 */
export const RPC_ANSWER_DEADLINE_MS = 20_000

/**
 * `request`, refused with 4901 (chain disconnected, as a wallet says when its RPC is unreachable)
 * if it has not settled within `deadlineMs`, so a dapp's read always settles.
 *
 * @example
 * ```ts
 * await withRpcDeadline(provider.request({ method: 'eth_getBalance', params }), 'eth_getBalance')
 * ```
 */
export function withRpcDeadline<T>(
  request: Promise<T>,
  method: string,
  deadlineMs: number = RPC_ANSWER_DEADLINE_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(
      () =>
        reject(
          Object.assign(new Error(`The network's RPC did not answer ${method} within ${deadlineMs / 1000} s.`), {
            code: WALLET_ERROR_CODES.chainDisconnected,
          }),
        ),
      deadlineMs,
    )
    request.then(resolve, reject).finally(() => clock.clearTimeout(timer))
  })
}
