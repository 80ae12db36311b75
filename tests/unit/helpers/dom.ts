import { GlobalRegistrator } from '@happy-dom/global-registrator'

// Test files may share one process; the DOM is registered once and reused.
if (!GlobalRegistrator.isRegistered) GlobalRegistrator.register({ url: 'http://localhost:5173/' })

/** The modal's shadow root, once the modal has mounted. */
export function modalShadow(): ShadowRoot {
  const host = document.querySelector('sigkit-modal')
  if (!host?.shadowRoot) throw new Error('modal not mounted')
  return host.shadowRoot
}

/** The element that has focus, looking through shadow roots. */
export function focused(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** Dispatches a keydown the way a browser does: at the focused element, bubbling and composed. */
export function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const target = focused() ?? document.body
  const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

export { settle, waitFor } from '../../helpers/async'
