// The secure frame's backend state: email login codes, device approval, sessions and the
// embedded accounts (their public addresses and the recovery copy an approved new device gets).
// No HTTP here (server.mjs maps routes onto these functions), so the rules can be tested with a
// fake clock.
//
// Login, as the frame drives it (EMBEDDED-FRAME.md §9):
//   startEmailLogin(email, device)  → 'VERIFY_OTP' (a code is mailed) or 'VERIFY_DEVICE' (the email
//                                     has an account and this device is new: an approve link is mailed)
//   waitForDevice(email, device)    → resolves once the link was opened (a code is then mailed)
//   verifyOtp(email, device, code)  → a session token, and the account when one exists
//   register(token, …)              → the first login of an email creates its account
// A social or Farcaster login (social.mjs) ends in openIdentitySession(identity, device) instead;
// its identity `<provider>:<username>` is the account's key where an email would be.
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** "The code expires in 20 minutes" (the OTP view's text, EMBEDDED-FRAME.md §9). */
export const OTP_TTL_MS = 20 * 60_000
/** The widget's own resend throttle (§7.3); the backend holds to it too. */
export const EMAIL_THROTTLE_MS = 30_000
/** Wrong codes allowed before a code stops working and a new one must be requested. */
export const MAX_OTP_ATTEMPTS = 5
/** How long an approve-device link works. */
export const DEVICE_LINK_TTL_MS = 20 * 60_000

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A refusal the server sends back as `{ message }` with this HTTP status. */
export class LoginError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/** @param {unknown} value @returns {string} the address trimmed and lower-cased */
export function normalizeEmail(value) {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!EMAIL_PATTERN.test(email) || email.length > 254) throw new LoginError(400, 'Invalid email')
  return email
}

/**
 * @typedef {{ evm: string, solana: string }} Addresses
 * @typedef {{ evm: string, solana: string }} RecoveryKeys  the EVM private key (0x hex) and the ed25519 seed (hex)
 * @typedef {{ email: string, addresses: Addresses, recovery: RecoveryKeys, devices: Set<string>, createdAt: number }} Account
 * @typedef {{ code: string, expiresAt: number, attempts: number, device: string, purpose: string }} PendingCode
 */

/**
 * @param {{
 *   mailbox: ReturnType<typeof import('./mailbox.mjs').createMailbox>,
 *   approveUrl: (token: string) => string,
 *   now?: () => number,
 *   otpTtlMs?: number,
 *   emailThrottleMs?: number,
 *   maxOtpAttempts?: number,
 * }} options
 */
export function createAccounts({
  mailbox,
  approveUrl,
  now = Date.now,
  otpTtlMs = OTP_TTL_MS,
  emailThrottleMs = EMAIL_THROTTLE_MS,
  maxOtpAttempts = MAX_OTP_ATTEMPTS,
}) {
  /** @type {Map<string, Account>} by email */
  const accounts = new Map()
  /** Codes waiting to be typed, by `${purpose}:${email}`. @type {Map<string, PendingCode>} */
  const codes = new Map()
  /** When each address was last mailed a login code or link (the resend throttle). @type {Map<string, number>} */
  const lastMailed = new Map()
  /** @type {Map<string, { email: string, device: string, expiresAt: number, approved: boolean }>} by link token */
  const deviceLinks = new Map()
  /** Frames waiting for a device approval. @type {Set<{ email: string, device: string, finish: (approved: boolean) => void }>} */
  const deviceWaiters = new Set()
  /** @type {Map<string, { email: string, device: string }>} by session token */
  const sessions = new Map()
  /** An email change in progress, by session token. @type {Map<string, { newEmail: string, stage: 'primary' | 'secondary' }>} */
  const emailChanges = new Map()

  const token = () => randomBytes(24).toString('base64url')

  function throttle(/** @type {string} */ email) {
    const last = lastMailed.get(email)
    const left = last === undefined ? 0 : last + emailThrottleMs - now()
    if (left > 0) throw new LoginError(429, `Please try again after ${Math.ceil(left / 1000)} seconds`)
    lastMailed.set(email, now())
  }

  /** Mail a fresh code; it replaces any earlier code for the same purpose. */
  function mailCode(/** @type {string} */ purpose, /** @type {string} */ email, /** @type {string} */ device) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    codes.set(`${purpose}:${email}`, { code, expiresAt: now() + otpTtlMs, attempts: 0, device, purpose })
    const minutes = Math.round(otpTtlMs / 60_000)
    const why = {
      login: 'to sign in to your SigKit embedded wallet',
      'update-primary': 'to confirm changing the email of your SigKit embedded wallet',
      'update-secondary': 'to confirm this new email for your SigKit embedded wallet',
    }[purpose]
    mailbox.send({
      to: email,
      subject: `${code} is your SigKit sandbox code`,
      text: `Your code is ${code}. Type it in the wallet ${why}.\nThe code expires in ${minutes} minutes.`,
      code,
    })
  }

  /** Check a typed code; a success uses it up. */
  function takeCode(
    /** @type {string} */ purpose,
    /** @type {string} */ email,
    /** @type {string} */ device,
    /** @type {unknown} */ typed,
  ) {
    const key = `${purpose}:${email}`
    const pending = codes.get(key)
    if (!pending || pending.device !== device) throw new LoginError(400, 'No code was sent. Request a new code.')
    if (now() > pending.expiresAt) {
      codes.delete(key)
      throw new LoginError(400, 'Code expired. Request a new code.')
    }
    const given = Buffer.from(typeof typed === 'string' ? typed.trim() : '')
    const expected = Buffer.from(pending.code)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      pending.attempts += 1
      if (pending.attempts >= maxOtpAttempts) {
        codes.delete(key)
        throw new LoginError(400, 'Invalid code. Too many attempts: request a new code.')
      }
      throw new LoginError(400, 'Invalid code')
    }
    codes.delete(key)
  }

  /** @param {string} sessionToken */
  function session(sessionToken) {
    const found = typeof sessionToken === 'string' ? sessions.get(sessionToken) : undefined
    if (!found) throw new LoginError(401, 'Not signed in')
    return found
  }

  return {
    /**
     * CONNECT_EMAIL: mail a code, or an approve link when the email's account was created on
     * another device.
     * @param {unknown} rawEmail @param {string} device
     * @returns {'VERIFY_OTP' | 'VERIFY_DEVICE'}
     */
    startEmailLogin(rawEmail, device) {
      const email = normalizeEmail(rawEmail)
      throttle(email)
      const account = accounts.get(email)
      if (account && !account.devices.has(device)) {
        for (const [linkToken, link] of deviceLinks) if (link.email === email) deviceLinks.delete(linkToken)
        const linkToken = token()
        deviceLinks.set(linkToken, { email, device, expiresAt: now() + DEVICE_LINK_TTL_MS, approved: false })
        const link = approveUrl(linkToken)
        mailbox.send({
          to: email,
          subject: 'Approve a new device for your SigKit wallet',
          text: `A new device asks to sign in to your SigKit embedded wallet.\nApprove it: ${link}\nIf this was not you, ignore this mail.`,
          link,
        })
        return 'VERIFY_DEVICE'
      }
      mailCode('login', email, device)
      return 'VERIFY_OTP'
    },

    /**
     * CONNECT_DEVICE: resolves true once the device's approve link was opened, false after
     * `timeoutMs` (the frame asks again).
     * @param {unknown} rawEmail @param {string} device @param {number} timeoutMs
     * @returns {Promise<boolean>}
     */
    waitForDevice(rawEmail, device, timeoutMs) {
      const email = normalizeEmail(rawEmail)
      if (accounts.get(email)?.devices.has(device)) return Promise.resolve(true)
      if (![...deviceLinks.values()].some((link) => link.email === email && link.device === device)) {
        return Promise.reject(new LoginError(400, 'No device approval is pending. Request a new email.'))
      }
      return new Promise((resolve) => {
        const waiter = {
          email,
          device,
          finish: (/** @type {boolean} */ approved) => {
            clearTimeout(timer)
            deviceWaiters.delete(waiter)
            resolve(approved)
          },
        }
        const timer = setTimeout(() => waiter.finish(false), timeoutMs)
        deviceWaiters.add(waiter)
      })
    },

    /**
     * The approve link: the device joins the account and gets a login code.
     * @param {string} linkToken
     * @returns {{ email: string }}
     */
    approveDevice(linkToken) {
      const link = deviceLinks.get(linkToken)
      if (!link || now() > link.expiresAt) throw new LoginError(404, 'This link is not valid (any more).')
      deviceLinks.delete(linkToken)
      accounts.get(link.email)?.devices.add(link.device)
      mailCode('login', link.email, link.device)
      for (const waiter of deviceWaiters)
        if (waiter.email === link.email && waiter.device === link.device) waiter.finish(true)
      return { email: link.email }
    },

    /**
     * CONNECT_OTP. A session, and the account's addresses when the email has one.
     * @param {unknown} rawEmail @param {string} device @param {unknown} code
     * @returns {{ token: string, email: string, account: Addresses | null }}
     */
    verifyOtp(rawEmail, device, code) {
      const email = normalizeEmail(rawEmail)
      takeCode('login', email, device, code)
      // A finished login restarts the throttle, as the widget deletes its own timestamp then.
      lastMailed.delete(email)
      const sessionToken = token()
      sessions.set(sessionToken, { email, device })
      const account = accounts.get(email)
      return { token: sessionToken, email, account: account ? { ...account.addresses } : null }
    },

    /**
     * A finished social or Farcaster login (social.mjs): a session for the identity
     * (`<provider>:<username>`, which takes an email's place as the account's key). The provider
     * vouched for the person, so this device joins the account and may recover its keys.
     * @param {string} identity @param {string} device
     * @returns {{ token: string, email: string, account: Addresses | null }}
     */
    openIdentitySession(identity, device) {
      const sessionToken = token()
      sessions.set(sessionToken, { email: identity, device })
      const account = accounts.get(identity)
      account?.devices.add(device)
      return { token: sessionToken, email: identity, account: account ? { ...account.addresses } : null }
    },

    /**
     * The first login of an email: the frame made the keys and hands its backend the addresses
     * and a recovery copy (for this email's other devices).
     * @param {string} sessionToken @param {Addresses} addresses @param {RecoveryKeys} recovery
     */
    register(sessionToken, addresses, recovery) {
      const { email, device } = session(sessionToken)
      if (accounts.has(email)) throw new LoginError(409, 'This email already has an account')
      const account = { email, addresses, recovery, devices: new Set([device]), createdAt: now() }
      accounts.set(email, account)
      return account
    },

    /** @param {string} sessionToken @returns {RecoveryKeys} */
    recover(sessionToken) {
      const { email, device } = session(sessionToken)
      const account = accounts.get(email)
      if (!account || !account.devices.has(device)) throw new LoginError(404, 'No account to recover')
      return { ...account.recovery }
    },

    /** @param {string} sessionToken @returns {{ email: string, account: Addresses | null }} */
    session(sessionToken) {
      const { email } = session(sessionToken)
      const account = accounts.get(email)
      return { email, account: account ? { ...account.addresses } : null }
    },

    /** @param {string} sessionToken */
    signOut(sessionToken) {
      sessions.delete(sessionToken)
      emailChanges.delete(sessionToken)
    },

    /**
     * UPDATE_EMAIL: a code to the current address first.
     * @param {string} sessionToken @param {unknown} rawEmail
     * @returns {'VERIFY_PRIMARY_OTP'}
     */
    startEmailChange(sessionToken, rawEmail) {
      const { email, device } = session(sessionToken)
      if (!email.includes('@')) throw new LoginError(400, 'This account signs in without email')
      const newEmail = normalizeEmail(rawEmail)
      if (newEmail === email) throw new LoginError(400, 'That is already your email')
      if (accounts.has(newEmail)) throw new LoginError(409, 'This email already has an account')
      throttle(email)
      emailChanges.set(sessionToken, { newEmail, stage: 'primary' })
      mailCode('update-primary', email, device)
      return 'VERIFY_PRIMARY_OTP'
    },

    /** UPDATE_EMAIL_PRIMARY_OTP: then a code to the new address. @param {string} sessionToken @param {unknown} code */
    confirmCurrentEmail(sessionToken, code) {
      const { email, device } = session(sessionToken)
      const change = emailChanges.get(sessionToken)
      if (!change || change.stage !== 'primary') throw new LoginError(400, 'No email change is pending')
      takeCode('update-primary', email, device, code)
      change.stage = 'secondary'
      mailCode('update-secondary', change.newEmail, device)
    },

    /**
     * UPDATE_EMAIL_SECONDARY_OTP: the account (and its sessions) move to the new address.
     * @param {string} sessionToken @param {unknown} code @returns {{ oldEmail: string, newEmail: string }}
     */
    confirmNewEmail(sessionToken, code) {
      const { email, device } = session(sessionToken)
      const change = emailChanges.get(sessionToken)
      if (!change || change.stage !== 'secondary') throw new LoginError(400, 'No email change is pending')
      takeCode('update-secondary', change.newEmail, device, code)
      emailChanges.delete(sessionToken)
      if (accounts.has(change.newEmail)) throw new LoginError(409, 'This email already has an account')
      const account = accounts.get(email)
      if (account) {
        accounts.delete(email)
        account.email = change.newEmail
        accounts.set(change.newEmail, account)
      }
      for (const entry of sessions.values()) if (entry.email === email) entry.email = change.newEmail
      return { oldEmail: email, newEmail: change.newEmail }
    },

    /** Public view of every account, for tests and the mailbox page. */
    list() {
      return [...accounts.values()].map((account) => ({
        email: account.email,
        addresses: { ...account.addresses },
        devices: account.devices.size,
        createdAt: account.createdAt,
      }))
    },

    /** Ends every pending device wait as not approved (server stop). */
    close() {
      for (const waiter of deviceWaiters) waiter.finish(false)
    },
  }
}
