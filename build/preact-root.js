// CDN-build stand-in for `react-dom/client` (aliased in build/cdn-aliases.mjs).
//
// `preact/compat/client` does the same on top of all of preact/compat (~3.5 kB gzip). The only
// page-load caller is the `<appkit-button>` element, which needs nothing from compat, so this
// keeps compat out of the initial chunk; it loads with the modal, whose components use it.
import { render } from 'preact'

export function createRoot(container) {
  return {
    render(children) {
      render(children, container)
    },
    unmount() {
      render(null, container)
    },
  }
}
