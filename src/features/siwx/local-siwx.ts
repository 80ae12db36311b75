/**
 * A ready-made `siwx` config for dapps without a sign-in server: CAIP-122 messages (EIP-4361 on
 * EVM networks) with a fresh nonce, and sessions kept in the browser's localStorage. A dapp with a
 * server gives its own config instead, and verifies signatures there.
 *
 * A signed session is kept only when it cannot have been replayed or moved: its text says what its
 * fields say, it names this page (domain and URI), it is inside its validity window, and it carries
 * a nonce this config issued, for that network and account, and never used before.
 *
 * Standalone on purpose: besides types it imports only the clock, so it stays out of SigKit's
 * chunks (the CDN build ships it as a file of its own).
 */
import type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXMessageInput, SIWXSession } from '../../core/config/siwx'
import type { CaipNetworkId } from '../../core/types'
import { clock } from '../../lib/clock'

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

/** Why a signed session is refused (shown in the sign view). @internal */
export const LOCAL_SIWX_ERRORS = {
  incomplete: 'The sign-in session is incomplete',
  badSignature: 'The signature does not match the account',
  textMismatch: 'The signed text does not match the sign-in message',
  otherSite: 'The sign-in message is for another site',
  otherNetwork: 'The sign-in message is for another network or account',
  expired: 'The sign-in message has expired',
  notYetValid: 'The sign-in message is not valid yet',
  nonceUsed: 'The sign-in message was already used',
  nonceUnknown: 'The sign-in message was not issued by this page',
} as const

/** How many unsigned messages are remembered: a visitor asks for one at a time, a few at most. */
const MAX_ISSUED = 16

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
function sameAddress(chainId: CaipNetworkId, a: string, b: string): boolean {
  return chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}

function sameAccount(session: SIWXSession, chainId: CaipNetworkId, address: string): boolean {
  return session.data.chainId === chainId && sameAddress(chainId, session.data.accountAddress, address)
}

/** The page the messages are for (outside a page, as createMessage writes it). */
function currentPage(): { domain: string; uri: string } {
  return { domain: globalThis.location?.host ?? 'localhost', uri: globalThis.location?.href ?? 'http://localhost' }
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin
  } catch {
    return undefined
  }
}

/**
 * The fields a verifier relies on, read from the signed text (EIP-4361's lines; CAIP-122 and
 * WalletConnect's one-click text use the same labels). The signature covers the text, not `data`,
 * so a session whose data says something else than what was signed is refused.
 */
function textMatchesData(text: string, data: SIWXMessageData): boolean {
  const lines = text.split('\n')
  const domain = /^(.*) wants you to sign in with your .* account:$/.exec(lines[0] ?? '')?.[1]
  const field = (label: string) => lines.find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2)
  return (
    domain === data.domain &&
    sameAddress(data.chainId, lines[1] ?? '', data.accountAddress) &&
    field('URI') === data.uri &&
    field('Chain ID') === data.chainId.slice(data.chainId.indexOf(':') + 1) &&
    field('Nonce') === data.nonce &&
    field('Expiration Time') === data.expirationTime &&
    field('Not Before') === data.notBefore
  )
}

/** A message this config made and has not seen signed yet. */
interface IssuedMessage {
  chains: readonly CaipNetworkId[]
  /** '' when the account was not known yet (WalletConnect's one-click sign-in). */
  accountAddress: string
  /** When the message stops being signable (its expiration time, or never). */
  expires: number
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
  // Kept in memory only: a nonce verifies once, on the page that issued it, and never after a reload.
  const issued = new Map<string, IssuedMessage>()
  const used = new Set<string>()

  function read(): SIWXSession[] {
    let parsed: unknown
    try {
      parsed = JSON.parse(store().getItem(LOCAL_SIWX_STORAGE_KEY) ?? '[]')
    } catch {
      return []
    }
    const now = clock.now()
    return Array.isArray(parsed) ? parsed.filter(isSession).filter((session) => isLive(session, now)) : []
  }

  function write(sessions: SIWXSession[]): void {
    if (sessions.length === 0) store().removeItem(LOCAL_SIWX_STORAGE_KEY)
    else store().setItem(LOCAL_SIWX_STORAGE_KEY, JSON.stringify(sessions))
  }

  function issue(input: SIWXMessageInput, nonce: string, expires: number): void {
    const now = clock.now()
    for (const [kept, message] of issued) if (message.expires <= now) issued.delete(kept)
    // The oldest unsigned message goes first (a Map iterates in insertion order).
    while (issued.size >= MAX_ISSUED) issued.delete(issued.keys().next().value as string)
    const chains = Array.isArray(input.chains) && input.chains.length > 0 ? input.chains : [input.chainId]
    issued.set(nonce, { chains, accountAddress: input.accountAddress, expires })
  }

  /** Refuses a session that could be replayed or moved (the reasons are LOCAL_SIWX_ERRORS). */
  async function check(session: SIWXSession): Promise<void> {
    const fail = (reason: keyof typeof LOCAL_SIWX_ERRORS) => {
      throw new Error(LOCAL_SIWX_ERRORS[reason])
    }
    if (!isSession(session)) fail('incomplete')
    const { data } = session
    if (!textMatchesData(session.message, data)) fail('textMismatch')
    const page = currentPage()
    if (data.domain !== page.domain || originOf(data.uri) !== originOf(page.uri)) fail('otherSite')
    const now = clock.now()
    const expires = data.expirationTime === undefined ? Infinity : Date.parse(data.expirationTime)
    const notBefore = data.notBefore === undefined ? -Infinity : Date.parse(data.notBefore)
    if (!(expires > now)) fail('expired')
    if (!(notBefore <= now)) fail('notYetValid')
    if (used.has(data.nonce)) fail('nonceUsed')
    const message = issued.get(data.nonce)
    if (!message) return fail('nonceUnknown')
    if (
      !message.chains.includes(data.chainId) ||
      (message.accountAddress !== '' && !sameAddress(data.chainId, message.accountAddress, data.accountAddress))
    )
      fail('otherNetwork')
    if (options.verify && !(await options.verify(session))) fail('badSignature')
  }

  /** Verifies every session, then spends their nonces: a refused batch spends none. */
  async function checkAll(sessions: SIWXSession[]): Promise<void> {
    for (const session of sessions) await check(session)
    for (const { data } of sessions) {
      issued.delete(data.nonce)
      used.add(data.nonce)
    }
  }

  return {
    async createMessage(input: SIWXMessageInput): Promise<SIWXMessage> {
      const now = clock.now()
      const data: SIWXMessageData = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        ...currentPage(),
        version: '1',
        nonce: createNonce(),
        statement: options.statement ?? 'Sign in with your wallet.',
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + expiresInMs).toISOString(),
      }
      issue(input, data.nonce, now + expiresInMs)
      return { ...data, toString: () => formatSIWXMessage(data) }
    },
    async addSession(session) {
      await checkAll([session])
      const { chainId, accountAddress } = session.data
      write([...read().filter((kept) => !sameAccount(kept, chainId, accountAddress)), session])
    },
    async revokeSession(chainId, address) {
      write(read().filter((session) => !sameAccount(session, chainId, address)))
    },
    async setSessions(sessions) {
      await checkAll(sessions)
      write(sessions)
    },
    async getSessions(chainId, address) {
      return read().filter((session) => sameAccount(session, chainId, address))
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
