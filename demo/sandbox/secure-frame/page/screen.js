// What the frame shows. The widget only displays the iframe for requests that need approval, so
// most of the time nobody sees this page; while one is pending it shows that request with Reject
// and Approve. Requests queue: one on screen at a time, in arrival order. Text from the dapp is
// only ever set as textContent.

/**
 * @typedef {{ label: string, value: string }} Row
 * @typedef {{ title: string, account: string, rows: Row[] }} Approval
 * @typedef {'approved' | 'rejected' | 'aborted'} Decision
 */

/** @param {string} tag @param {Record<string, string>} [attributes] @param {(Node | string)[]} [children] */
function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/**
 * @param {HTMLElement} root
 * @param {{ origin: string }} parent the dapp's origin (shown with every request)
 */
export function createScreen(root, parent) {
  /** @type {{ approval: Approval, settle: (decision: Decision) => void }[]} */
  const queue = []
  /** @type {{ email?: string, evm?: string, solana?: string, problem?: string }} */
  let status = {}
  let dappName = ''
  /** The request whose card is on screen, and the card's line that names the dapp and the queue. */
  let shown = /** @type {(typeof queue)[number] | undefined} */ (undefined)
  /** @type {HTMLElement | undefined} */
  let subtitle

  function renderStatus() {
    const lines = status.problem
      ? [element('p', { role: 'alert' }, [status.problem])]
      : status.email
        ? [
            element('p', {}, ['Signed in as ', element('strong', {}, [status.email])]),
            element('dl', {}, [
              element('dt', {}, ['EVM']),
              element('dd', { class: 'mono' }, [status.evm ?? '…']),
              element('dt', {}, ['Solana']),
              element('dd', { class: 'mono' }, [status.solana ?? '…']),
            ]),
          ]
        : [element('p', {}, ['Not signed in.'])]
    root.replaceChildren(
      element('section', { class: 'card', 'aria-labelledby': 'idle-title' }, [
        element('h1', { id: 'idle-title' }, ['SigKit embedded wallet']),
        element('p', { class: 'muted' }, [`Sandbox secure frame for ${parent.origin}`]),
        ...lines,
      ]),
    )
  }

  const subtitleText = () =>
    `${dappName ? `${dappName} · ` : ''}${parent.origin}${queue.length > 1 ? ` · 1 of ${queue.length}` : ''}`

  function renderIdle() {
    shown = subtitle = undefined
    renderStatus()
  }

  function renderApproval() {
    const current = queue[0]
    if (!current) return renderIdle()
    // The same request still on screen (the dapp's name arrived, another request queued): only its
    // line changes. Replacing the card would drop a click whose mousedown hit the old button.
    if (current === shown && subtitle) {
      subtitle.textContent = subtitleText()
      return
    }
    const { approval } = current
    const reject = element('button', { type: 'button', class: 'secondary' }, ['Reject'])
    const approve = element('button', { type: 'button', class: 'primary' }, ['Approve'])
    reject.addEventListener('click', () => decide('rejected'))
    approve.addEventListener('click', () => decide('approved'))
    const rows = approval.rows.flatMap((row) => [
      element('dt', {}, [row.label]),
      // Multi-line or long values (messages, typed data) get their own scrolling box.
      element('dd', { class: row.value.length > 64 || row.value.includes('\n') ? 'mono long' : 'mono' }, [row.value]),
    ])
    shown = current
    subtitle = element('p', { class: 'muted' }, [subtitleText()])
    root.replaceChildren(
      element('section', { class: 'card', role: 'dialog', 'aria-labelledby': 'approval-title', 'aria-modal': 'true' }, [
        element('h1', { id: 'approval-title' }, [approval.title]),
        subtitle,
        element('p', {}, ['Account ', element('span', { class: 'mono' }, [approval.account])]),
        element('dl', {}, rows),
        element('div', { class: 'actions' }, [reject, approve]),
      ]),
    )
    approve.focus()
  }

  /** @param {Decision} decision */
  function decide(decision) {
    const current = queue.shift()
    renderApproval()
    current?.settle(decision)
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && queue.length > 0) decide('rejected')
  })

  renderIdle()
  return {
    /** @param {typeof status} next */
    setStatus(next) {
      status = next
      if (queue.length === 0) renderIdle()
    },
    /** @param {string} name the dapp's name from SYNC_DAPP_DATA */
    setDappName(name) {
      dappName = name
      if (queue.length > 0) renderApproval()
    },
    /**
     * Show a request until the person decides (or it is aborted).
     * @param {Approval} approval
     * @returns {Promise<Decision>}
     */
    ask(approval) {
      return new Promise((resolve) => {
        queue.push({ approval, settle: resolve })
        renderApproval()
      })
    },
    /** Every pending request ends as aborted (RPC_ABORT, RELOAD, sign-out). */
    abortAll() {
      const pending = queue.splice(0)
      renderIdle()
      for (const entry of pending) entry.settle('aborted')
    },
    pending: () => queue.length,
  }
}
