/**
 * What the widget remembers about an email login, under the embedded wallet's own prefix
 * (EMBEDDED-FRAME.md §7.1, SigKit's spelling). None of it is secret: the keys stay in the frame's
 * origin. Reads are validated like every stored value.
 * @internal
 */
import { readStorage, removeStorage, STORAGE_PREFIX, writeStorage } from '../../core/lib/storage'
import type { ChainNamespace, SocialProvider } from '../../core/types'
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_SOCIALS } from '../../core/constants'
import { EMAIL_PATTERN, type AccountType } from './protocol'

/** The keys (the frame keeps its own storage on its origin). @internal */
export const EMBEDDED_KEYS = {
  /** `true` after a successful login: the frame is created on page load to restore the session. */
  emailLoginUsed: `${STORAGE_PREFIX.wallet}email_login_used`,
  /** The signed-in address's email, shown in the Account view. */
  email: `${STORAGE_PREFIX.wallet}email`,
  /** Clock time of the last code email asked for (the 30 s throttle). */
  lastEmailLoginTime: `${STORAGE_PREFIX.wallet}last_email_login_time`,
  /** The chain the frame answered last (CAIP-2). */
  lastUsedChain: `${STORAGE_PREFIX.wallet}last_used_chain`,
  /** The social login's username, shown as the identifier. */
  socialUsername: `${STORAGE_PREFIX.wallet}social_username`,
  /** The provider of the social login in use (`google`, `farcaster`, …). */
  connectedSocial: `${STORAGE_PREFIX.app}connected_social`,
  /** A social login that left the page for the provider (redirect flow): its provider. */
  redirectSocial: `${STORAGE_PREFIX.app}social_provider`,
  /** The account type chosen per namespace (JSON map namespace → type). */
  preferredAccountTypes: `${STORAGE_PREFIX.app}preferred_account_types`,
} as const

const isTrue = (value: unknown): value is true => value === true
const isEmail = (value: unknown): value is string => typeof value === 'string' && EMAIL_PATTERN.test(value)
const isSocial = (value: unknown): value is SocialProvider => (DEFAULT_SOCIALS as readonly unknown[]).includes(value)
const isUsername = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 100
const isAccountTypes = (value: unknown): value is Partial<Record<ChainNamespace, AccountType>> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((type) => type === 'eoa' || type === 'smartAccount')
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0

/** Whether an email login was used and not signed out since. @internal */
export function emailLoginUsed(): boolean {
  return readStorage(EMBEDDED_KEYS.emailLoginUsed, isTrue) ?? false
}

/** The stored email of the signed-in user. @internal */
export function storedEmail(): string | undefined {
  return readStorage(EMBEDDED_KEYS.email, isEmail)
}

/** When the last code email was asked for. @internal */
export function lastEmailLoginTime(): number | undefined {
  return readStorage(EMBEDDED_KEYS.lastEmailLoginTime, isTime)
}

/** Remembers a code email asked for now. @internal */
export function storeEmailLoginTime(time: number): void {
  writeStorage(EMBEDDED_KEYS.lastEmailLoginTime, time)
}

/** Who signed in: an email, or a social provider with the username it gave. @internal */
export interface StoredLogin {
  email?: string | undefined
  social?: SocialProvider | undefined
  username?: string | undefined
}

/** The social login in use and its username, when the login was a social one. @internal */
export function storedSocial(): Omit<StoredLogin, 'email'> {
  return {
    social: readStorage(EMBEDDED_KEYS.connectedSocial, isSocial),
    username: readStorage(EMBEDDED_KEYS.socialUsername, isUsername),
  }
}

/** After a login: the flag, who signed in, and the throttle forgotten. @internal */
export function storeLogin({ email, social, username }: StoredLogin, chain: string): void {
  writeStorage(EMBEDDED_KEYS.emailLoginUsed, true)
  if (email) writeStorage(EMBEDDED_KEYS.email, email)
  else removeStorage(EMBEDDED_KEYS.email)
  if (social) writeStorage(EMBEDDED_KEYS.connectedSocial, social)
  else removeStorage(EMBEDDED_KEYS.connectedSocial)
  if (username) writeStorage(EMBEDDED_KEYS.socialUsername, username)
  else removeStorage(EMBEDDED_KEYS.socialUsername)
  writeStorage(EMBEDDED_KEYS.lastUsedChain, chain)
  removeStorage(EMBEDDED_KEYS.lastEmailLoginTime)
}

/** After an email change: the new address; like a login, it ends the code throttle (§7.1). @internal */
export function storeEmail(email: string): void {
  writeStorage(EMBEDDED_KEYS.email, email)
  removeStorage(EMBEDDED_KEYS.lastEmailLoginTime)
}

/** Sign-out, or the frame says nobody is signed in: the login cache goes. @internal */
export function clearLogin(): void {
  for (const key of [
    EMBEDDED_KEYS.emailLoginUsed,
    EMBEDDED_KEYS.email,
    EMBEDDED_KEYS.lastUsedChain,
    EMBEDDED_KEYS.connectedSocial,
    EMBEDDED_KEYS.socialUsername,
  ])
    removeStorage(key)
}

/** The account types chosen per namespace. @internal */
export function storedAccountTypes(): Partial<Record<ChainNamespace, AccountType>> {
  return readStorage(EMBEDDED_KEYS.preferredAccountTypes, isAccountTypes) ?? {}
}

/** The account type to ask the frame for: the one chosen for the namespace, else its default (SPEC §3). @internal */
export function wantedAccountType(namespace: ChainNamespace): AccountType {
  return (
    storedAccountTypes()[namespace] ?? (DEFAULT_ACCOUNT_TYPES[namespace] === 'smartAccount' ? 'smartAccount' : 'eoa')
  )
}

/** Remembers the account type chosen for a namespace (kept across sign-outs, like AppKit). @internal */
export function storeAccountType(namespace: ChainNamespace, type: AccountType): void {
  writeStorage(EMBEDDED_KEYS.preferredAccountTypes, { ...storedAccountTypes(), [namespace]: type })
}

/** The provider of a social login that left for its redirect, if one did. @internal */
export function redirectSocial(): SocialProvider | undefined {
  return readStorage(EMBEDDED_KEYS.redirectSocial, isSocial)
}

/** Remembers (or forgets, with undefined) the provider of a redirect social login. @internal */
export function storeRedirectSocial(provider: SocialProvider | undefined): void {
  if (provider) writeStorage(EMBEDDED_KEYS.redirectSocial, provider)
  else removeStorage(EMBEDDED_KEYS.redirectSocial)
}
