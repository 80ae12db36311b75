/**
 * A ready-made `siwx` config for dapps without a sign-in server: CAIP-122 messages (EIP-4361 on
 * EVM networks) with a fresh nonce, and sessions kept in the browser's localStorage. A dapp with a
 * server gives its own config instead, and verifies signatures there.
 *
 * Standalone on purpose: it imports only types, so it stays out of SigKit's chunks (the CDN build
 * ships it as a file of its own).
 */
import type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXMessageInput, SIWXSession } from '../../core/config/siwx'
import type { CaipNetworkId } from '../../core/types'

/** Options of {@link createLocalSIWX}. */
export interface LocalSIWXOptions {
  /** The sentence shown in the message (default 'Sign in with your wallet.'). */
  statement?: string
  /** How long a session lasts, in milliseconds (default 24 hours). */
  expiresInMs?: number
  /** Visitors must sign in to stay connected (default false). */
  required?: boolean
  /** Forget a visitor's sessions when they disconnect (default true). */
  signOutOnDisconnect?: boolean
  /** Checks a signed session before it is kept (e.g. viem's `verifyMessage`); false refuses it. */
  verify?: (session: SIWXSession) => boolean | Promise<boolean>
  /** Where sessions are kept (default localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}

/** The localStorage key of the sessions (the app prefix of SPEC §3's storage keys). */
export const LOCAL_SIWX_STORAGE_KEY = '@sigkit/siwx_sessions'

const DAY_MS = 24 * 60 * 60 * 1000

/** How a namespace is named in the message's first line (CAIP-122). */
const ACCOUNT_KINDS: Record<string, string> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' }

/**
 * The message text: EIP-4361 for eip155 networks, the same CAIP-122 layout for others.
 *
 * @example
 * ```ts
 * formatSIWXMessage({ domain: 'app.example', accountAddress: '0xab…', chainId: 'eip155:1', uri: 'https://app.example', version: '1', nonce: 'f3a…' })
 * ```
 */
export function formatSIWXMessage(data: SIWXMessageData): string {
  const [namespace = '', reference = ''] = data.chainId.split(':')
  const lines = [
    `${data.domain} wants you to sign in with your ${ACCOUNT_KINDS[namespace] ?? namespace} account:`,
    data.accountAddress,
    '',
  ]
  // EIP-4361: one blank line around the statement, two in its place when there is none.
  lines.push(...(data.statement ? [data.statement, ''] : ['']))
  lines.push(`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${reference}`, `Nonce: ${data.nonce}`)
  if (data.issuedAt) lines.push(`Issued At: ${data.issuedAt}`)
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}

/** 16 random bytes as hex: EIP-4361 wants at least 8 alphanumeric characters. */
function createNonce(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

/** A stored entry is user-controlled input: only complete sessions are read back. */
function isSession(value: unknown): value is SIWXSession {
  if (typeof value !== 'object' || value === null) return false
  const { data, message, signature } = value as Record<string, unknown>
  if (typeof data !== 'object' || data === null || !isString(message) || !isString(signature)) return false
  const fields = data as Record<string, unknown>
  return ['chainId', 'accountAddress', 'domain', 'uri', 'version', 'nonce'].every((field) => isString(fields[field]))
}

function isLive(session: SIWXSession, now: number): boolean {
  const expires = session.data.expirationTime ? Date.parse(session.data.expirationTime) : NaN
  return Number.isNaN(expires) || expires > now
}

/** EVM addresses compare case-insensitively (checksums differ); others exactly. */
function sameAccount(session: SIWXSession, chainId: CaipNetworkId, address: string): boolean {
  if (session.data.chainId !== chainId) return false
  return chainId.startsWith('eip155:')
    ? session.data.accountAddress.toLowerCase() === address.toLowerCase()
    : session.data.accountAddress === address
}

/**
 * A `siwx` config that keeps sessions in localStorage.
 *
 * @example
 * ```ts
 * import { createLocalSIWX } from 'sigkit/siwx'
 * createAppKit({ projectId, networks, siwx: createLocalSIWX({ statement: 'Sign in to Acme.' }) })
 * ```
 */
export function createLocalSIWX(options: LocalSIWXOptions = {}): SIWXConfig {
  const expiresInMs = options.expiresInMs ?? DAY_MS
  const store = () => options.storage ?? globalThis.localStorage

  function read(): SIWXSession[] {
    let parsed: unknown
    try {
      parsed = JSON.parse(store().getItem(LOCAL_SIWX_STORAGE_KEY) ?? '[]')
    } catch {
      return []
    }
    const now = Date.now()
    return Array.isArray(parsed) ? parsed.filter(isSession).filter((session) => isLive(session, now)) : []
  }

  function write(sessions: SIWXSession[]): void {
    if (sessions.length === 0) store().removeItem(LOCAL_SIWX_STORAGE_KEY)
    else store().setItem(LOCAL_SIWX_STORAGE_KEY, JSON.stringify(sessions))
  }

  async function check(session: SIWXSession): Promise<void> {
    if (!isSession(session)) throw new Error('The sign-in session is incomplete')
    if (options.verify && !(await options.verify(session))) throw new Error('The signature does not match the account')
  }

  return {
    async createMessage(input: SIWXMessageInput): Promise<SIWXMessage> {
      const now = Date.now()
      const data: SIWXMessageData = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: globalThis.location?.host ?? 'localhost',
        uri: globalThis.location?.href ?? 'http://localhost',
        version: '1',
        nonce: createNonce(),
        statement: options.statement ?? 'Sign in with your wallet.',
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + expiresInMs).toISOString(),
      }
      return { ...data, toString: () => formatSIWXMessage(data) }
    },
    async addSession(session) {
      await check(session)
      const { chainId, accountAddress } = session.data
      write([...read().filter((kept) => !sameAccount(kept, chainId, accountAddress)), session])
    },
    async revokeSession(chainId, address) {
      write(read().filter((session) => !sameAccount(session, chainId, address)))
    },
    async setSessions(sessions) {
      for (const session of sessions) await check(session)
      write(sessions)
    },
    async getSessions(chainId, address) {
      return read().filter((session) => sameAccount(session, chainId, address))
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
