import { settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { modalState } from '../../../../src/core/modal/modal'
import { viewHistory } from '../../../../src/core/modal/history'
import { rehearseModal } from '../../../../src/ui/modal/rehearse'
import { loadView } from '../../../../src/ui/views/registry'
import { connectorsState } from '../../../../src/core/state/connectors'
import { addTestWallet, CONNECTOR_ID, setNetworks } from '../../helpers/views'
import { resetAllState } from '../../helpers/reset'

// What each rehearsal rendered: the nodes added to its root's container, a detached element of the
// document it made (React creates every element through the container's document); and the events
// that reached that container.
const rehearsals: Node[][] = []
const events: string[] = []
const { implementation } = document
const createHTMLDocument = implementation.createHTMLDocument.bind(implementation)
implementation.createHTMLDocument = (title?: string) => {
  const own = createHTMLDocument(title)
  const createElement = own.createElement.bind(own) as Document['createElement']
  let container: HTMLElement | undefined
  own.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const element = createElement(tag, options)
    if (!container) {
      container = element
      const added: Node[] = []
      rehearsals.push(added)
      for (const type of ['pointerover', 'mousedown', 'click'])
        container.addEventListener(type, () => events.push(type))
      new MutationObserver((records) => added.push(...records.flatMap((record) => [...record.addedNodes]))).observe(
        container,
        { childList: true },
      )
    }
    return element
  }) as Document['createElement']
  return own
}

test.after.each(resetAllState)

test('the rehearsal renders the Connect dialog with its wallet rows in a document of its own, and leaves the page, focus and modal as they were', async () => {
  setNetworks()
  addTestWallet()
  await loadView('Connect')
  const page = document.documentElement.outerHTML
  const focus = document.activeElement

  rehearseModal()
  await settle()

  assert.is(rehearsals.length, 1)
  const [rendered] = rehearsals[0]!
  assert.ok(rendered instanceof Element, 'it rendered')
  assert.not.ok(rendered.isConnected, 'unmounted again, never in a page')
  const dialog = rendered.querySelector('[role="dialog"]')
  assert.ok(dialog, 'the dialog')
  assert.is(dialog!.querySelector('#sk-dialog-title')?.textContent, 'Connect Wallet')
  assert.match(
    dialog!.querySelector('section[data-method="wallet"] li button')?.textContent ?? '',
    'SigKit Test Wallet',
  )
  assert.is(document.documentElement.outerHTML, page, 'the page document is untouched')
  assert.is(document.activeElement, focus, 'focus did not move')
  assert.not.ok(modalState.open.value, 'the modal is still closed')
  assert.equal(
    connectorsState.value.map((connector) => connector.id),
    [CONNECTOR_ID],
    "the rehearsal's stand-in rows never join the wallet list",
  )
})

test("a click's events go through the rehearsal's dialog (so React's event code is compiled) and no handler acts on them", async () => {
  setNetworks()
  addTestWallet()
  events.length = 0
  rehearseModal()
  await settle()
  assert.equal(events, ['pointerover', 'mousedown', 'click'], 'dispatched inside the rehearsal')
  assert.equal(viewHistory.value, [{ view: 'Connect' }], 'no view was opened')
  assert.not.ok(modalState.open.value, 'the backdrop did not close anything')
})

test('only Connect is rehearsed: another first view (Account fetches balances) renders nothing ahead of the open', async () => {
  viewHistory.value = [{ view: 'Account' }]
  rehearseModal()
  await settle()
  assert.is(rehearsals.length, 2, 'no third rehearsal')
})

test.run()
