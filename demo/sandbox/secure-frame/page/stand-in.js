// The stand-in pages' script (stand-ins.mjs): served as it is, not bundled, on the frame's origin.
// Social: Continue / Cancel asks the backend for the result URI, then hands it to the page that
// opened this popup (postMessage to that page's exact origin, which the backend knows for the
// state) or, without an opener, sends the top window back to the return URL the widget gave.
// Farcaster: Approve / Reject answers the channel the frame is waiting on.

const config = JSON.parse(document.getElementById('stand-in-config')?.textContent || '{}')
const form = /** @type {HTMLFormElement} */ (document.getElementById('consent'))
const input = /** @type {HTMLInputElement} */ (document.getElementById('username'))
const proceed = /** @type {HTMLButtonElement} */ (document.getElementById('continue'))
const cancel = /** @type {HTMLButtonElement} */ (document.getElementById('cancel'))
const outcome = /** @type {HTMLElement} */ (document.getElementById('outcome'))

/** @param {string} path @param {Record<string, unknown>} body */
async function backend(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(answer?.message || `The wallet service answered ${response.status}`)
  return answer
}

/** @param {string} text */
function finish(text) {
  outcome.textContent = text
  proceed.disabled = true
  cancel.disabled = true
  input.disabled = true
}

/** @param {unknown} error */
function fail(error) {
  outcome.textContent = error instanceof Error ? error.message : String(error)
  outcome.setAttribute('role', 'alert')
  proceed.disabled = false
  cancel.disabled = false
}

/** @param {{ resultUri: string, parentOrigin: string, redirectUrl?: string }} answer */
function deliver(answer) {
  if (window.opener) {
    // Never '*': only the page that started the sign-in may read the result.
    window.opener.postMessage({ resultUri: answer.resultUri }, answer.parentOrigin)
    finish('You can close this window')
    window.close()
    return
  }
  if (answer.redirectUrl) {
    const top = /** @type {Window} */ (window.top)
    finish('Returning to the app…')
    top.location.href = answer.redirectUrl
    return
  }
  throw new Error('There is no page to return the sign-in to. Start again from the app.')
}

/** @param {'approve' | 'cancel'} choice */
async function socialAnswer(choice) {
  const returnUrl = !window.opener && typeof config.returnUrl === 'string' ? { returnUrl: config.returnUrl } : {}
  const answer =
    choice === 'approve'
      ? await backend('/api/social/approve', { state: config.state, username: input.value, ...returnUrl })
      : await backend('/api/social/cancel', { state: config.state, ...returnUrl })
  deliver(answer)
}

/** @param {'approve' | 'reject'} choice */
async function farcasterAnswer(choice) {
  if (choice === 'approve') {
    await backend('/api/farcaster/approve', { channel: config.channel, username: input.value })
    finish(`Signed in as ${input.value.trim()}. You can close this page.`)
  } else {
    await backend('/api/farcaster/reject', { channel: config.channel })
    finish('Sign-in rejected. You can close this page.')
  }
}

if (config.kind === 'social') {
  const label = () => `Continue as ${input.value.trim() || '…'}`
  input.addEventListener('input', () => (proceed.textContent = label()))
  proceed.textContent = label()
}

/** @param {boolean} yes */
function answer(yes) {
  proceed.disabled = true
  cancel.disabled = true
  outcome.setAttribute('role', 'status')
  outcome.textContent = ''
  const pending =
    config.kind === 'social' ? socialAnswer(yes ? 'approve' : 'cancel') : farcasterAnswer(yes ? 'approve' : 'reject')
  pending.catch(fail)
}

form.addEventListener('submit', (event) => {
  event.preventDefault()
  answer(true)
})
cancel.addEventListener('click', () => answer(false))
