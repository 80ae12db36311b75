/**
 * What the widget remembers about an email login, under the embedded wallet's own prefix
 * (EMBEDDED-FRAME.md §7.1, SigKit's spelling). None of it is secret: the keys stay in the frame's
 * origin. Reads are validated like every stored value.
 * @internal
 */
import { readStorage, removeStorage, STORAGE_PREFIX, writeStorage } from '../../core/lib/storage'

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
} as const

const isTrue = (value: unknown): value is true => value === true
const isEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
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

/** After a login: the flag, the email, and the throttle forgotten. @internal */
export function storeLogin(email: string | undefined, chain: string): void {
  writeStorage(EMBEDDED_KEYS.emailLoginUsed, true)
  if (email) writeStorage(EMBEDDED_KEYS.email, email)
  writeStorage(EMBEDDED_KEYS.lastUsedChain, chain)
  removeStorage(EMBEDDED_KEYS.lastEmailLoginTime)
}

/** Sign-out, or the frame says nobody is signed in: the login cache goes. @internal */
export function clearLogin(): void {
  removeStorage(EMBEDDED_KEYS.emailLoginUsed)
  removeStorage(EMBEDDED_KEYS.email)
  removeStorage(EMBEDDED_KEYS.lastUsedChain)
}
