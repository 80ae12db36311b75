/**
 * The CDN build's entry (`dist/cdn/sigkit.js`): everything `sigkit` exports, with `<appkit-button>`
 * defined as soon as `createAppKit` runs, so a plain page shows the button without a second request.
 * @packageDocumentation
 */
import { createAppKitWith } from './app-kit'
import { defineAppKitButton } from './ui/button/element'

export * from './index'

/** {@inheritDoc createAppKit} */
export const createAppKit = /* @__PURE__ */ createAppKitWith(defineAppKitButton)
