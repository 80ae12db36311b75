// The secure frame's backend state for logins without email: social providers (a stand-in page
// per provider plays the provider's consent screen) and Farcaster (a stand-in page plays the
// Farcaster app approving a channel). No HTTP here (server.mjs maps routes onto these), so the
// rules can be tested with a fake clock. A finished login is an identity `<provider>:<username>`
// that accounts.mjs opens a session for, exactly like an email.
//
// Social (EMBEDDED-FRAME.md §8):
//   startSocial(provider, device, origin) → a state (single use, 10 min), bound to all three
//   approveSocial(state, username)        → a one-time code for the state (the "Continue" button)
//   cancelSocial(state)                   → the state is gone (the "Cancel" button)
//   verifySocial(state, code, device, origin) → the identity, once
// Farcaster (§8.1):
//   startFarcaster(device, origin) → a channel (10 min); approve/reject it from the stand-in page
//   waitFarcaster(channel, device, ms) → 'pending' | 'approved' (with the identity) | 'rejected' | 'reset'
//   resetFarcaster(channel, device)   → a waiting frame gets 'reset'
import { randomBytes } from 'node:crypto'
import { LoginError } from './accounts.mjs'

/** How long a social state or a Farcaster channel stays usable. */
export const SOCIAL_TTL_MS = 10 * 60_000
/** The providers the stand-in pages play, with the name their page shows. */
export const SOCIAL_PROVIDERS = Object.freeze({
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
})
/** What a username may be: it becomes part of the identity and is shown to the dapp. */
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,40}$/

/** @param {unknown} value @returns {value is keyof typeof SOCIAL_PROVIDERS} */
export const isSocialProvider = (value) => typeof value === 'string' && Object.hasOwn(SOCIAL_PROVIDERS, value)

/** @param {unknown} value @returns {string} */
export function normalizeUsername(value) {
  const username = typeof value === 'string' ? value.trim() : ''
  if (!USERNAME_PATTERN.test(username)) {
    throw new LoginError(400, 'Invalid username: 1 to 40 letters, digits, dots, dashes or underscores')
  }
  return username
}

/** @param {unknown} value an http(s) origin, exactly as `new URL(value).origin` writes it */
function originOf(value) {
  if (typeof value !== 'string') throw new LoginError(400, 'Invalid origin')
  try {
    const url = new URL(value)
    if (url.origin === value && /^https?:$/.test(url.protocol)) return value
  } catch {
    // falls through
  }
  throw new LoginError(400, 'Invalid origin')
}

/**
 * @typedef {{ provider: keyof typeof SOCIAL_PROVIDERS, device: string, origin: string, expiresAt: number, code?: string, username?: string }} SocialState
 * @typedef {{ device: string, origin: string, expiresAt: number, status: 'pending' | 'approved' | 'rejected' | 'reset', username?: string }} FarcasterChannel
 */

/** @param {{ now?: () => number, ttlMs?: number }} [options] */
export function createSocialLogins({ now = Date.now, ttlMs = SOCIAL_TTL_MS } = {}) {
  /** @type {Map<string, SocialState>} */
  const states = new Map()
  /** @type {Map<string, FarcasterChannel>} */
  const channels = new Map()
  /** Frames waiting on a channel. @type {Set<{ channel: string, finish: () => void }>} */
  const waiters = new Set()

  // Hex, never base64url: a state is followed by `--` and the return URL (EMBEDDED-FRAME.md §8), so
  // a '-' of its own (about one state in fifty) would cut it short and lose the sign-in.
  const token = () => randomBytes(18).toString('hex')

  /**
   * A live entry; an expired one is removed.
   * @template T @param {Map<string, T & { expiresAt: number }>} entries @param {unknown} key @param {string} what
   * @returns {T & { expiresAt: number }}
   */
  function live(entries, key, what) {
    const found = typeof key === 'string' ? entries.get(key) : undefined
    if (!found) throw new LoginError(400, `This ${what} is not valid (any more). Start again.`)
    if (now() > found.expiresAt) {
      entries.delete(/** @type {string} */ (key))
      throw new LoginError(400, `This ${what} expired. Start again.`)
    }
    return found
  }
  const liveState = (/** @type {unknown} */ state) => live(states, state, 'sign-in')
  const liveChannel = (/** @type {unknown} */ channel) => live(channels, channel, 'Farcaster sign-in')

  function wake(/** @type {string} */ channel) {
    for (const waiter of waiters) if (waiter.channel === channel) waiter.finish()
  }

  return {
    /**
     * GET_SOCIAL_REDIRECT_URI.
     * @param {unknown} provider @param {string} device @param {unknown} origin the dapp page's origin
     * @returns {string} the state
     */
    startSocial(provider, device, origin) {
      if (!isSocialProvider(provider)) throw new LoginError(400, 'Unsupported social provider')
      const state = token()
      states.set(state, { provider, device, origin: originOf(origin), expiresAt: now() + ttlMs })
      return state
    },

    /**
     * What the stand-in page needs: the provider it plays and the page to give the result to.
     * @param {unknown} state @returns {{ provider: keyof typeof SOCIAL_PROVIDERS, origin: string }}
     */
    describeSocial(state) {
      const { provider, origin } = liveState(state)
      return { provider, origin }
    },

    /**
     * "Continue as <username>": a one-time code for the state (asking again replaces it).
     * @param {unknown} state @param {unknown} username @returns {{ code: string, origin: string }}
     */
    approveSocial(state, username) {
      const found = liveState(state)
      found.username = normalizeUsername(username)
      found.code = token()
      return { code: found.code, origin: found.origin }
    },

    /** "Cancel": the state can no longer be used. @param {unknown} state @returns {{ origin: string }} */
    cancelSocial(state) {
      const { origin } = liveState(state)
      states.delete(/** @type {string} */ (state))
      return { origin }
    },

    /**
     * CONNECT_SOCIAL. The state is used up by any attempt, right or wrong, so a code can never
     * be guessed at.
     * @param {unknown} state @param {unknown} code @param {string} device @param {unknown} origin
     * @returns {{ identity: string, username: string }}
     */
    verifySocial(state, code, device, origin) {
      const found = liveState(state)
      states.delete(/** @type {string} */ (state))
      if (found.device !== device || found.origin !== origin) {
        throw new LoginError(400, 'This sign-in was started elsewhere. Start again.')
      }
      if (!found.code || !found.username || typeof code !== 'string' || code !== found.code) {
        throw new LoginError(400, 'Invalid sign-in code. Start again.')
      }
      return { identity: `${found.provider}:${found.username}`, username: found.username }
    },

    /**
     * GET_FARCASTER_URI.
     * @param {string} device @param {unknown} origin @returns {string} the channel
     */
    startFarcaster(device, origin) {
      const channel = token()
      channels.set(channel, { device, origin: originOf(origin), expiresAt: now() + ttlMs, status: 'pending' })
      return channel
    },

    /** The stand-in page's check that the channel exists. @param {unknown} channel */
    describeFarcaster(channel) {
      const { status } = liveChannel(channel)
      if (status !== 'pending') throw new LoginError(400, 'This Farcaster sign-in was already answered.')
      return { status }
    },

    /** "Approve". @param {unknown} channel @param {unknown} username */
    approveFarcaster(channel, username) {
      const found = liveChannel(channel)
      if (found.status !== 'pending') throw new LoginError(400, 'This Farcaster sign-in was already answered.')
      found.username = normalizeUsername(username)
      found.status = 'approved'
      wake(/** @type {string} */ (channel))
    },

    /** "Reject". @param {unknown} channel */
    rejectFarcaster(channel) {
      const found = liveChannel(channel)
      if (found.status !== 'pending') throw new LoginError(400, 'This Farcaster sign-in was already answered.')
      found.status = 'rejected'
      wake(/** @type {string} */ (channel))
    },

    /**
     * CONNECT_FARCASTER's long poll: held until the channel is answered or reset, or `timeoutMs`
     * passes ('pending': the frame asks again). An answer is given once; the channel is then gone.
     * @param {unknown} channel @param {string} device @param {number} timeoutMs
     * @returns {Promise<{ status: 'pending' | 'rejected' | 'reset' } | { status: 'approved', identity: string, username: string }>}
     */
    async waitFarcaster(channel, device, timeoutMs) {
      const found = liveChannel(channel)
      if (found.device !== device) throw new LoginError(400, 'This Farcaster sign-in was started elsewhere.')
      if (found.status === 'pending') {
        await new Promise((resolve) => {
          const waiter = {
            channel: /** @type {string} */ (channel),
            finish: () => {
              clearTimeout(timer)
              waiters.delete(waiter)
              resolve(undefined)
            },
          }
          const timer = setTimeout(waiter.finish, timeoutMs)
          waiters.add(waiter)
        })
      }
      if (found.status === 'pending') return { status: 'pending' }
      channels.delete(/** @type {string} */ (channel))
      if (found.status === 'approved') {
        const username = /** @type {string} */ (found.username)
        return { status: 'approved', identity: `farcaster:${username}`, username }
      }
      return { status: found.status }
    },

    /** RELOAD: the channel is dropped; a frame waiting on it hears 'reset'. @param {unknown} channel @param {string} device */
    resetFarcaster(channel, device) {
      const found = typeof channel === 'string' ? channels.get(channel) : undefined
      if (!found || found.device !== device) return
      found.status = 'reset'
      found.expiresAt = Math.min(found.expiresAt, now() + 60_000)
      wake(/** @type {string} */ (channel))
    },

    /** Ends every held wait (server stop). */
    close() {
      for (const waiter of waiters) waiter.finish()
    },
  }
}
