import { createElement } from 'react'
import { defineAppKitButton, APPKIT_BUTTON_TAG } from '../ui/button/element'
import type { AppKitButtonProps } from '../ui/button/ButtonView'

export type { AppKitButtonProps }

/**
 * The connect button for React apps. It renders the `<appkit-button>` element, so its styles stay
 * in a shadow root and cannot clash with the app's CSS.
 * @example
 * ```tsx
 * <AppKitButton label="Sign in" balance="hide" />
 * ```
 */
export function AppKitButton({ label, loadingLabel, balance, disabled }: AppKitButtonProps) {
  if (typeof customElements !== 'undefined') defineAppKitButton()
  return createElement(APPKIT_BUTTON_TAG, {
    label,
    'loading-label': loadingLabel,
    balance,
    disabled: disabled ? '' : undefined,
  })
}
