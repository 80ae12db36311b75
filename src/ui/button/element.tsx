import { createRoot, type Root } from 'react-dom/client'
import { effect } from '@preact/signals-core'
import { themeState } from '../../core/config/appkit-state'
import { ButtonView, type AppKitButtonProps } from './ButtonView'
import buttonCss from './button.css'
import { syncThemeVariables } from '../theme/variables'
import { setShadowSheet } from '../theme/sheet'

/** The custom element's tag. */
export const APPKIT_BUTTON_TAG = 'appkit-button'

// `loadinglabel` is how AppKit's `loadingLabel` reaches an element written in HTML or JSX.
const ATTRIBUTES = ['label', 'loading-label', 'loadinglabel', 'balance', 'disabled'] as const

/**
 * Defines `<appkit-button>`. The class is created here, not at module scope, because
 * `HTMLElement` does not exist in Node or during server rendering. Safe to call more than once.
 * @example
 * ```html
 * <appkit-button label="Sign in" balance="hide"></appkit-button>
 * ```
 */
export function defineAppKitButton(registry: CustomElementRegistry = customElements): void {
  if (registry.get(APPKIT_BUTTON_TAG)) return

  class AppKitButtonElement extends HTMLElement {
    static observedAttributes = ATTRIBUTES
    #root: Root | undefined
    #stopTheme: (() => void) | undefined

    connectedCallback() {
      if (!this.#root) {
        // delegatesFocus: focusing the host (e.g. when the modal hands focus back) focuses the button.
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open', delegatesFocus: true })
        setShadowSheet(shadow, buttonCss)
        const mount = document.createElement('span')
        shadow.append(mount)
        this.#root = createRoot(mount)
      }
      if (!this.#stopTheme) {
        const stopMode = effect(() => {
          this.dataset.theme = themeState.mode.value
        })
        const stopVariables = syncThemeVariables(this)
        this.#stopTheme = () => {
          stopMode()
          stopVariables()
        }
      }
      this.#render()
    }

    disconnectedCallback() {
      this.#stopTheme?.()
      this.#stopTheme = undefined
      // The element may only be moving; unmount once it is really gone.
      queueMicrotask(() => {
        if (!this.isConnected) {
          this.#root?.unmount()
          this.#root = undefined
          this.shadowRoot?.replaceChildren()
        }
      })
    }

    attributeChangedCallback() {
      this.#render()
    }

    #render() {
      this.#root?.render(<ButtonView {...readProps(this)} />)
    }
  }

  registry.define(APPKIT_BUTTON_TAG, AppKitButtonElement)
}

/** Attributes are page input: anything but the documented values falls back to the default. */
function readProps(element: HTMLElement): AppKitButtonProps {
  const label = element.getAttribute('label')
  const loadingLabel = element.getAttribute('loading-label') ?? element.getAttribute('loadinglabel')
  return {
    ...(label ? { label } : {}),
    ...(loadingLabel ? { loadingLabel } : {}),
    balance: element.getAttribute('balance') === 'hide' ? 'hide' : 'show',
    disabled: element.hasAttribute('disabled'),
  }
}
