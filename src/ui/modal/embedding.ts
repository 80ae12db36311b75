/**
 * Embedded mode's placement (`enableEmbedded`): the modal's host moves into the page's
 * `<appkit-modal>` and into the page's flow. Loaded the first time the modal is embedded.
 */
import { effect } from '@preact/signals-core'
import { modalState } from '../../core/modal/modal'
import { resetView } from '../../core/modal/router'
import { isConnected } from '../../core/state/account'
import { OVERLAY_HOST_STYLE, modalHost } from '../theme/stitches'

let following = false

/** The page's `<appkit-modal>` the embedded modal renders in: the last one connected to the page. */
let embedHost: HTMLElement | undefined

/** Puts the modal's host where the mode wants it: inline in `<appkit-modal>`, or over the page. */
function placeHost(): void {
  const inline = modalState.embedded.value
  const target = (inline && embedHost?.isConnected && embedHost) || document.body
  if (modalHost.parentNode !== target) target.append(modalHost)
  modalHost.style.cssText = inline ? 'display:block;position:relative' : OVERLAY_HOST_STYLE
}

/**
 * Embedded mode (`enableEmbedded`): `<appkit-modal>`, AppKit's element, marks where the modal goes
 * in the page; it may be in the page already or come later (a React render). While the embedded
 * modal rests (not opened for something), it follows the connection: Account or Connect. Once.
 * @internal
 */
export function followEmbedding(): void {
  if (following) return
  following = true
  // A page with AppKit's own element defined keeps it; the modal then shows at the page's end.
  if (!customElements.get('appkit-modal'))
    customElements.define(
      'appkit-modal',
      class extends HTMLElement {
        connectedCallback() {
          embedHost = this
          placeHost()
        }
        disconnectedCallback() {
          if (embedHost === this) embedHost = undefined
          placeHost()
        }
      },
    )
  effect(() => {
    placeHost()
    if (modalState.embedded.value && !embedHost)
      console.warn('[SigKit] enableEmbedded: no <appkit-modal> element in the page yet; the modal shows at its end')
  })
  effect(() => {
    const connected = isConnected.value
    if (modalState.embedded.value && !modalState.open.peek()) resetView(connected ? 'Account' : 'Connect')
  })
}
