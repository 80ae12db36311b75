import type { ConnectMethod, ResolvedFeatures } from '../../../core/types'

/**
 * The Connect view's sections, in the configured method order, keeping only the enabled ones.
 * Unknown or repeated methods in the order are ignored; the wallet section always stays so a
 * visitor is never left with no way to connect. Email and socials wait for the project's remote
 * config (`remote`): the local default turns them on, and showing them before the project says
 * otherwise would fetch their code for nothing.
 * @internal
 */
export function connectSections(
  features: Pick<ResolvedFeatures, 'email' | 'socials' | 'connectMethodsOrder'>,
  remote: unknown,
): ConnectMethod[] {
  const enabled: Record<ConnectMethod, unknown> = {
    email: features.email && remote,
    social: Array.isArray(features.socials) && features.socials.length > 0 && remote,
    wallet: true,
  }
  const sections: ConnectMethod[] = []
  for (const method of [...features.connectMethodsOrder, 'wallet' as const]) {
    if (enabled[method] && !sections.includes(method)) sections.push(method)
  }
  return sections
}
