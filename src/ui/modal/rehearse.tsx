import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { currentView } from '../../core/modal/router'
import type { ConnectorInfo } from '../../core/state/connectors'
import { WalletRow } from '../views/Connect/WalletSection'
import { Header } from './Header'
import { Alerts, Toast } from './Notices'
import { Backdrop, Card } from './styles'
import { ViewOutlet } from './ViewOutlet'

/**
 * Rows like the Connect view's (with a logo and with an initial): before the first open no wallet
 * has been asked to announce itself, so the view itself has none to render.
 */
const STAND_INS: ConnectorInfo[] = [
  { id: 'rehearsal-logo', name: 'Wallet', type: 'injected', chains: [], imageUrl: 'data:,' },
  { id: 'rehearsal', name: 'Wallet', type: 'injected', chains: [] },
]

/**
 * Renders the modal as a first open shows it, into a document of its own that has no window (so
 * nothing in it is styled, laid out or fetched), then unmounts it. React DOM compiles its render
 * and commit code, and ours, the first time they run: in traces of the idle open at 6x CPU that
 * was a fifth of the click's task. The modal's preload calls this once Connect is loaded, so the
 * click runs code already compiled. Then a click's events go to the dialog's title, where no handler
 * answers them: React compiles its event system on the first event it dispatches, which would
 * otherwise be the visitor's pointer arriving on the button (10 to 20 ms at 6x, before the click's
 * own handler could start).
 *
 * Only Connect, which has no effects: Account would fetch balances before the first open. The CDN
 * build leaves this out (build/cdn-aliases.mjs): Preact's renderer is small, and it creates
 * elements in the page's document, where the rehearsal's logos would load.
 * @internal
 */
export function rehearseModal(): void {
  if (currentView.peek() !== 'Connect') return
  const container = document.implementation.createHTMLDocument('').createElement('div')
  const root = createRoot(container)
  flushSync(() =>
    root.render(
      <Backdrop>
        <Card role="dialog" aria-modal="true" tabIndex={-1}>
          <div>
            <Header />
            <Alerts />
            <ViewOutlet />
            <ul>
              {STAND_INS.map((connector) => (
                <WalletRow key={connector.id} connector={connector} target={undefined} />
              ))}
            </ul>
          </div>
          <Toast />
        </Card>
      </Backdrop>,
    ),
  )
  const title = container.querySelector('h2')
  for (const type of ['pointerover', 'pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'focusin'])
    title?.dispatchEvent(new Event(type, { bubbles: true }))
  root.unmount()
}
