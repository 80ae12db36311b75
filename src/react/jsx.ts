/**
 * `<appkit-button>` in React's JSX, as AppKit declares it, so a strict TypeScript app can write
 * `<appkit-button />` (or with its attributes) once it imports `sigkit/react`.
 */
import type * as React from 'react'

/** The attributes `<appkit-button>` reads; anything else is ignored. */
export interface AppKitButtonAttributes {
  /** Text while disconnected. Default "Connect Wallet". */
  label?: string
  /** Text while a connection is being made. Default "Connecting...". AppKit's spelling. */
  loadingLabel?: string
  /** The same, as an HTML attribute name. */
  'loading-label'?: string
  /** Whether the connected button shows the native balance. Default "show". */
  balance?: 'show' | 'hide'
  disabled?: boolean
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & AppKitButtonAttributes
    }
  }
}
