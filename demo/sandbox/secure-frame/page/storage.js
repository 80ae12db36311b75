// What the frame keeps in its own origin's localStorage. The dapp page runs on another origin, so
// none of it is reachable from there. Every read is validated: storage can be edited by hand.
//
//   sigkit-frame:device        a random id for this browser (device approval)
//   sigkit-frame:session       { email, token, accountType? }: who is signed in (an email, or a
//                              social identity `<provider>:<username>`), the backend session and
//                              the EVM account type the session last chose (SET_PREFERRED_ACCOUNT)
//   sigkit-frame:keys:<email>  { evm: 0x private key, solana: ed25519 seed hex }, one pair per email
//                              or identity
//   sigkit-frame:chain         the last active chain (number for eip155, 'solana:…' for Solana)

const PREFIX = 'sigkit-frame:'
const HEX_32 = /^[0-9a-f]{64}$/

/** @param {string} key */
function read(key) {
  try {
    const text = localStorage.getItem(PREFIX + key)
    return text === null ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  if (value === undefined) localStorage.removeItem(PREFIX + key)
  else localStorage.setItem(PREFIX + key, JSON.stringify(value))
}

export function deviceId() {
  const stored = read('device')
  if (typeof stored === 'string' && /^[\w-]{16,64}$/.test(stored)) return stored
  const created = crypto.randomUUID()
  write('device', created)
  return created
}

/** @typedef {{ email: string, token: string, accountType?: 'eoa' | 'smartAccount' }} StoredSession */

/** @returns {StoredSession | undefined} */
export function loadSession() {
  const stored = read('session')
  if (typeof stored?.email !== 'string' || typeof stored?.token !== 'string') return undefined
  const accountType =
    stored.accountType === 'eoa' || stored.accountType === 'smartAccount' ? stored.accountType : undefined
  return { email: stored.email, token: stored.token, ...(accountType ? { accountType } : {}) }
}

/** @param {StoredSession | undefined} session */
export function saveSession(session) {
  write('session', session)
}

/**
 * @typedef {{ evm: `0x${string}`, solana: string }} Keys
 * @param {string} email
 * @returns {Keys | undefined}
 */
export function loadKeys(email) {
  const stored = read(`keys:${email}`)
  const evm = typeof stored?.evm === 'string' ? stored.evm.toLowerCase() : ''
  const solana = typeof stored?.solana === 'string' ? stored.solana.toLowerCase() : ''
  if (!evm.startsWith('0x') || !HEX_32.test(evm.slice(2)) || !HEX_32.test(solana)) return undefined
  return { evm: /** @type {`0x${string}`} */ (evm), solana }
}

/** @param {string} email @param {Keys | undefined} keys */
export function saveKeys(email, keys) {
  write(`keys:${email}`, keys)
}

/** @returns {number | string | undefined} */
export function loadChain() {
  const stored = read('chain')
  return typeof stored === 'number' || typeof stored === 'string' ? stored : undefined
}

/** @param {number | string} chain */
export function saveChain(chain) {
  write('chain', chain)
}
