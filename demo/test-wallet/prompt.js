// @ts-check
// The test wallet's approve/reject prompt: a small panel at the top right of the page, in its own
// shadow root so neither the page's CSS nor the SigKit modal's can touch it, stacked above
// everything (the modal included), one request at a time.
//
// The SigKit modal listens for Escape and Tab on `document` in the capture phase, which runs
// before any listener inside the prompt. So the prompt listens on `window` in the capture phase,
// which runs earlier still, and stops keys that happen inside it there: Escape rejects the
// request instead of closing the modal, and Tab stays between the prompt's two buttons.

export const PROMPT_TAG = 'sigkit-test-wallet-prompt'
/** Caught at the window in the capture phase, so keys pressed inside the prompt stay out of the page. */
const KEY_EVENTS = /** @type {const} */ (['keydown', 'keyup', 'keypress'])

/**
 * @typedef {import('./provider.js').ApprovalRequest} ApprovalRequest
 * @typedef {{ request: ApprovalRequest, resolve: (approved: boolean) => void }} Pending
 */

const STYLES = `
  :host { all: initial; }
  .panel {
    --bg: #ffffff; --fg: #111827; --muted: #374151; --border: #6b7280; --accent: #1d4ed8;
    --accent-fg: #ffffff; --ring: #1d4ed8; --code-bg: #f3f4f6;
    box-sizing: border-box;
    width: min(360px, calc(100vw - 32px));
    max-height: calc(100vh - 32px);
    overflow: auto;
    padding: 16px;
    border: 1px solid var(--border);
    border-radius: 12px;
    background: var(--bg);
    color: var(--fg);
    box-shadow: 0 12px 32px rgb(0 0 0 / 0.35), 0 0 0 4px rgb(29 78 216 / 0.25);
    font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    color-scheme: light;
  }
  @media (prefers-color-scheme: dark) {
    .panel {
      --bg: #111827; --fg: #f9fafb; --muted: #d1d5db; --border: #9ca3af; --accent: #2563eb;
      --accent-fg: #ffffff; --ring: #93c5fd; --code-bg: #1f2937;
      color-scheme: dark;
    }
  }
  h2 { margin: 0 0 4px; font-size: 15px; font-weight: 700; }
  p { margin: 0 0 8px; }
  .origin { color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
  .action { font-weight: 600; }
  .summary {
    max-height: 160px; overflow: auto; padding: 8px; border-radius: 8px;
    background: var(--code-bg); white-space: pre-wrap; overflow-wrap: anywhere;
    font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  .queue { color: var(--muted); font-size: 13px; }
  .queue:empty { display: none; }
  .buttons { display: flex; gap: 8px; justify-content: flex-end; margin-top: 12px; }
  button {
    min-width: 96px; min-height: 36px; padding: 6px 14px; border-radius: 8px; cursor: pointer;
    font: 600 14px/1 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    border: 1px solid var(--border); background: transparent; color: var(--fg);
  }
  button.approve { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
  button:focus-visible, button:focus { outline: 3px solid var(--ring); outline-offset: 2px; }
`

/**
 * The element that really has focus: document.activeElement stops at a shadow host (the SigKit
 * modal lives in one), so follow open shadow roots down.
 * @param {Document} document
 */
function deepActiveElement(document) {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/**
 * @param {object} [options]
 * @param {Document} [options.document]
 */
export function createPrompt({ document = globalThis.document } = {}) {
  const window = /** @type {Window & typeof globalThis} */ (document.defaultView)
  /** @type {Pending[]} */
  const queue = []
  /** @type {(Pending & { host: HTMLElement, opener: Element | null, buttons: { approve: HTMLButtonElement, reject: HTMLButtonElement }, queueNote: HTMLElement }) | undefined} */
  let current

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    if (!current || !event.composedPath().includes(current.host)) return
    event.stopPropagation()
    if (event.type !== 'keydown') return
    if (event.key === 'Escape') {
      event.preventDefault()
      decide(false)
    } else if (event.key === 'Tab') {
      event.preventDefault()
      const { approve, reject } = current.buttons
      const focused = current.host.shadowRoot?.activeElement
      ;(focused === approve ? reject : approve).focus()
    }
    // Enter and Space are left to the focused <button>, which activates natively.
  }

  /** @param {Pending} pending */
  function show({ request, resolve }) {
    const opener = deepActiveElement(document)
    const host = document.createElement(PROMPT_TAG)
    // Inline and !important: page styles can override :host rules, not these.
    for (const [property, value] of Object.entries({
      position: 'fixed',
      top: '16px',
      right: '16px',
      left: 'auto',
      bottom: 'auto',
      'z-index': '2147483647',
      display: 'block',
    })) {
      host.style.setProperty(property, value, 'important')
    }
    host.dataset.method = request.method
    const root = host.attachShadow({ mode: 'open' })

    // A constructable sheet, not a <style>: the demo pages also run under a strict CSP (?csp=strict).
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLES)
    root.adoptedStyleSheets = [sheet]
    const panel = element('section', {
      class: 'panel',
      role: 'alertdialog',
      'aria-modal': 'false',
      'aria-labelledby': 'title',
      'aria-describedby': 'action summary',
    })
    const title = element('h2', { id: 'title' }, 'SigKit Test Wallet')
    const origin = element('p', { class: 'origin' }, request.origin)
    const action = element('p', { class: 'action', id: 'action' }, request.action || request.method)
    const summary = element('p', { class: 'summary', id: 'summary' }, request.summary)
    const queueNote = element('p', { class: 'queue', 'aria-live': 'polite' })
    const reject = /** @type {HTMLButtonElement} */ (element('button', { type: 'button', class: 'reject' }, 'Reject'))
    const approve = /** @type {HTMLButtonElement} */ (
      element('button', { type: 'button', class: 'approve' }, 'Approve')
    )
    reject.addEventListener('click', () => decide(false))
    approve.addEventListener('click', () => decide(true))
    const buttons = element('div', { class: 'buttons' })
    buttons.append(reject, approve)
    panel.append(title, origin, action, summary, queueNote, buttons)
    root.append(panel)

    current = { request, resolve, host, opener, buttons: { approve, reject }, queueNote }
    updateQueueNote()
    document.body.append(host)
    for (const type of KEY_EVENTS) window.addEventListener(type, onKey, true)
    approve.focus({ preventScroll: true })
  }

  /**
   * @param {string} tag  @param {Record<string, string>} [attributes]  @param {string} [text]
   * Text goes in as textContent: summaries hold dapp-supplied strings (messages, chain names).
   */
  function element(tag, attributes = {}, text) {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
    if (text !== undefined) node.textContent = text
    return node
  }

  function updateQueueNote() {
    if (!current) return
    current.queueNote.textContent =
      queue.length === 0 ? '' : `${queue.length} more request${queue.length === 1 ? '' : 's'} waiting`
  }

  function showNext() {
    if (current || queue.length === 0) return
    const next = /** @type {Pending} */ (queue.shift())
    if (document.body) show(next)
    else document.addEventListener('DOMContentLoaded', () => show(next), { once: true })
  }

  /**
   * Decides the request on screen (as its buttons do). Returns it, or undefined if none is shown.
   * @param {boolean} approved
   * @returns {ApprovalRequest | undefined}
   */
  function decide(approved) {
    if (!current) return undefined
    const { request, resolve, host, opener } = current
    current = undefined
    for (const type of KEY_EVENTS) window.removeEventListener(type, onKey, true)
    host.remove()
    // Back to where the person was (a button in the modal, say), if it is still there.
    if (opener instanceof window.HTMLElement && opener.isConnected && opener !== document.body) {
      opener.focus({ preventScroll: true })
    }
    resolve(approved)
    showNext()
    return request
  }

  return {
    /**
     * Shows the request (or queues it behind the one on screen); resolves with the decision.
     * @param {ApprovalRequest} request
     * @returns {Promise<boolean>}
     */
    ask(request) {
      return new Promise((resolve) => {
        queue.push({ request, resolve })
        updateQueueNote()
        showNext()
      })
    },
    decide,
    /** The request on screen first, then the queued ones. */
    get pending() {
      return [...(current ? [current.request] : []), ...queue.map((pending) => pending.request)]
    },
  }
}
