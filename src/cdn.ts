/**
 * The CDN build's entry (`dist/cdn/sigkit.js`): everything `sigkit` exports, with `<appkit-button>`
 * defined as soon as `createAppKit` runs, so a plain page shows the button without a second request.
 * @packageDocumentation
 */
import { createAppKitWith } from './app-kit'
import { defineAppKitButton } from './ui/button/element'

export * from './exports'

/**
 * Creates the modal for this page (see `createAppKit` in `sigkit`); `<appkit-button>` is ready at once.
 * @example
 * ```html
 * <script type="module">
 *   import { createAppKit } from 'https://cdn.example/sigkit.js'
 *   createAppKit({ projectId: 'YOUR_PROJECT_ID', networks: [mainnet] })
 * </script>
 * <appkit-button></appkit-button>
 * ```
 */
export const createAppKit = /* @__PURE__ */ createAppKitWith(defineAppKitButton)
