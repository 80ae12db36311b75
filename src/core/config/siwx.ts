/**
 * The `siwx` option's contract (SPEC §3 "SIWX"): how sign-in messages are made and where sessions
 * live. The types live in core because options and the WalletConnect connector (one-click sign-in)
 * need them (types only, so nothing here is bundled); when to ask for a signature is the SIWX feature's business.
 */
import type { CaipNetworkId } from '../types'

/** What SigKit knows when it asks the dapp for a message. */
export interface SIWXMessageInput {
  /** The account signing in, without its namespace and chain. */
  accountAddress: string
  /** The network signing in on. */
  chainId: CaipNetworkId
  /**
   * Every network the signed message may be for, when there are several: WalletConnect's one-click
   * sign-in has the wallet sign it once per requested network (`chainId` first). A verifier refuses
   * a session for any other network.
   */
  chains?: CaipNetworkId[]
}

/** A sign-in message's fields (SPEC §3): CAIP-122 / EIP-4361 names. */
export interface SIWXMessageData extends SIWXMessageInput {
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  /** ISO 8601 timestamps. */
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
}

/** A message made by the dapp's {@link SIWXConfig.createMessage}: its fields, and the text to sign. */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** A signed CAIP-74 object, as WalletConnect's one-click sign-in returns it. */
export interface SIWXCacao {
  h: { t: string }
  p: {
    iss: string
    domain: string
    nonce: string
    aud?: string
    version?: string
    iat?: string
    [field: string]: unknown
  }
  s: { t: string; s: string; m?: string }
}

/** A signed-in session: the message's fields, its text and the wallet's signature. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  cacao?: SIWXCacao
}

/**
 * The `siwx` option of `createAppKit`: the dapp's sign-in back end. SigKit never keeps sessions
 * itself; it calls these.
 */
export interface SIWXConfig {
  /** Makes the message for an account on a network (nonce, domain, statement…). */
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>
  /** Stores a session once the wallet signed (and may verify it; throwing refuses it). */
  addSession(session: SIWXSession): Promise<void>
  /** Forgets the session of an account on a network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every session (WalletConnect's one-click sign-in gives several at once). */
  setSessions(sessions: SIWXSession[]): Promise<void>
  /** The sessions of an account on a network; empty when it is not signed in. */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  /** Whether a visitor must sign in to stay connected (default false). */
  getRequired?(): boolean
  /** Forget the sessions of the accounts that disconnect (default false). */
  signOutOnDisconnect?: boolean
}
