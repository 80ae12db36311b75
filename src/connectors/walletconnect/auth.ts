/**
 * WalletConnect's one-click sign-in: the wallet connects and signs the dapp's SIWX message in one
 * step (the universal provider's `authenticate`). SPEC §4: only when every network the dapp asks
 * for is eip155, since the request is a CAIP-122 message per EVM chain. A wallet without it answers
 * the fallback session proposal instead, and sign-in then happens as after any other connection.
 */
import type { UniversalProvider } from '@walletconnect/universal-provider'
import {
  connectorContext as core,
  type SIWXCacao,
  type SIWXConfig,
  type SIWXMessageData,
  type SIWXSession,
} from '../../core/connector'
import type { CaipNetwork, CaipNetworkId } from '../../core/types'
import { isRecord } from '../../lib/validate'
import type { ProposalNamespace } from './namespaces'
import type { SessionLike } from './session'

type Provider = InstanceType<typeof UniversalProvider>

/** SPEC §8: setting the sessions from a one-click sign-in failed; the wallet is disconnected. */
export const AUTH_INIT_FAILED = 'A problem occurred while trying initialize authentication'

/**
 * Whether a connection can sign in with one click: sign-in is on and every network is eip155.
 *
 * @example
 * ```ts
 * canAuthenticate([mainnet, base], siwx) // true
 * canAuthenticate([mainnet, solana], siwx) // false
 * ```
 */
export function canAuthenticate(networks: readonly CaipNetwork[], siwx: SIWXConfig | undefined): siwx is SIWXConfig {
  return siwx !== undefined && networks.length > 0 && networks.every((network) => network.chainNamespace === 'eip155')
}

/**
 * Connects and signs in at once. The dapp's message is made for the chain it will be signed on
 * first, before the account is known (`accountAddress` is ''); the wallet signs one message per
 * chain, and every signed one becomes a session (`siwx.setSessions`).
 *
 * @returns the session, whether the wallet signed in or only connected.
 * @throws the wallet's refusal; when the dapp refuses the sessions, the 'A problem occurred while
 * trying initialize authentication' toast shows and the wallet is disconnected.
 * @example
 * ```ts
 * const session = await authenticateSession(provider, siwx, networks, namespaces, mainnet)
 * ```
 */
export async function authenticateSession(
  provider: Provider,
  siwx: SIWXConfig,
  networks: readonly CaipNetwork[],
  namespaces: Record<string, ProposalNamespace>,
  active: CaipNetwork | undefined,
): Promise<SessionLike | undefined> {
  const first = active && networks.includes(active) ? active : (networks[0] as CaipNetwork)
  const requested = networks.map((network) => network.caipNetworkId)
  const message = await siwx.createMessage({ chainId: first.caipNetworkId, accountAddress: '', chains: requested })
  if (
    !isRecord(message) ||
    typeof message.domain !== 'string' ||
    typeof message.nonce !== 'string' ||
    typeof message.uri !== 'string'
  ) {
    throw new Error('siwx.createMessage must return a message with a domain, uri and nonce')
  }
  const chainId = networks.some((network) => network.caipNetworkId === message.chainId)
    ? message.chainId
    : first.caipNetworkId
  const chains = [chainId, ...requested.filter((id) => id !== chainId)]
  const result = await provider.authenticate({
    chains,
    domain: message.domain,
    uri: message.uri,
    nonce: message.nonce,
    statement: message.statement,
    resources: message.resources,
    requestId: message.requestId,
    exp: message.expirationTime,
    nbf: message.notBefore,
    methods: namespaces['eip155']?.methods,
    // Read by the provider for its per-chain RPC URLs, as in connect().
    optionalNamespaces: namespaces,
  } as unknown as Parameters<Provider['authenticate']>[0])
  const sessions = (result.auths ?? []).flatMap((cacao) =>
    sessionFrom(cacao as unknown, (request) => provider.client.formatAuthMessage(request)),
  )
  if (sessions.length > 0) {
    try {
      await siwx.setSessions(sessions)
    } catch (error) {
      core.toast(AUTH_INIT_FAILED)
      await provider.disconnect().catch(() => undefined)
      throw error
    }
  }
  return result.session as unknown as SessionLike | undefined
}

/**
 * A signed CACAO as a SIWX session; nothing for one whose shape is wrong (it came from the wallet).
 * `format` writes the CAIP-122 text the wallet signed.
 * @internal
 */
export function sessionFrom(
  cacao: unknown,
  format: (request: { request: SIWXCacao['p']; iss: string }) => string,
): SIWXSession[] {
  if (!isRecord(cacao) || !isRecord(cacao['p']) || !isRecord(cacao['s']) || !isRecord(cacao['h'])) return []
  const { p, s } = cacao as unknown as SIWXCacao
  const issuer = /^did:pkh:(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(String(p.iss))
  const uri = p.aud ?? p['uri']
  if (
    !issuer ||
    typeof s.s !== 'string' ||
    typeof p.domain !== 'string' ||
    typeof p.nonce !== 'string' ||
    typeof uri !== 'string'
  )
    return []
  const data: Record<string, unknown> = {
    accountAddress: issuer[2],
    chainId: issuer[1] as CaipNetworkId,
    domain: p.domain,
    uri,
    version: p.version ?? '1',
    nonce: p.nonce,
    statement: p['statement'],
    resources: p['resources'],
    requestId: p['requestId'],
    issuedAt: p.iat,
    expirationTime: p['exp'],
    notBefore: p['nbf'],
  }
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key]
  return [
    {
      data: data as unknown as SIWXMessageData,
      message: format({ request: p, iss: p.iss }),
      signature: s.s,
      cacao: cacao as unknown as SIWXCacao,
    },
  ]
}
