/**
 * Two settings WalletConnect's Core (2.25, pinned) has no option for, made on the instance:
 *
 * - **Verify.** Before showing a pairing code, the dapp's client asks the Verify service to attest
 *   its origin, in a hidden iframe it waits up to 5 s for. The Core only takes its hosted URL and
 *   skips Verify only where `process.env.IS_VITEST` is set, which a bundled app does not have. So
 *   `endpoints.verify` sets the attestation URL on the instance, or turns Verify off with `false`.
 * - **The page-wide Core.** The Core keeps itself in `globalThis` and every later Core copies that
 *   one (warning "WalletConnect Core is already initialized"). A Core whose start failed must not
 *   be copied by the next attempt, so a failed start forgets it.
 */

/** The part of the universal provider these settings touch. */
interface ProviderWithCore {
  client?: { core?: { verify?: { verifyUrlV3?: string; isDevEnv?: boolean } } }
}

/**
 * Points the provider's Verify attestation at `verify` (the service's base URL), or turns it off.
 *
 * @example
 * ```ts
 * useVerifyEndpoint(provider, 'http://127.0.0.1:5174/verify') // attests through the sandbox
 * ```
 */
export function useVerifyEndpoint(provider: unknown, verify: string | false): void {
  const verifier = (provider as ProviderWithCore).client?.core?.verify
  if (!verifier) return
  // `isDevEnv` is the Core's own switch for running without Verify (its attestation and checks).
  if (verify === false) verifier.isDevEnv = true
  else verifier.verifyUrlV3 = `${verify}/v3`
}

/** The Core's page-wide key, for the default storage prefix SigKit uses. */
const GLOBAL_CORE_KEY = '_walletConnectCore_'

/**
 * Forgets the page-wide Core and its count after a failed start, so the next attempt builds a
 * fresh one instead of copying the failed one.
 *
 * @example
 * ```ts
 * UniversalProvider.init(options).catch((error) => { forgetGlobalCore(); throw error })
 * ```
 */
export function forgetGlobalCore(): void {
  const scope = globalThis as Record<string, unknown>
  // Its relay socket would otherwise keep reconnecting for nobody.
  const core = scope[GLOBAL_CORE_KEY] as { relayer?: { transportClose?: () => Promise<void> } } | undefined
  core?.relayer?.transportClose?.().catch(() => undefined)
  delete scope[GLOBAL_CORE_KEY]
  delete scope[`${GLOBAL_CORE_KEY}_count`]
}
