import { createRoot } from 'react-dom/client'
import { effect } from '@preact/signals-core'
import { themeState } from '../../core/config/appkit-state'
import { darkTheme, lightTheme, modalHost, modalRoot, rootStyles } from '../theme/stitches'
import { Modal } from './Modal'
import { currentView } from '../../core/modal/router'
import { loadMoreViews, loadView } from '../views/registry'
import { syncThemeVariables } from '../theme/variables'

let mounted = false

/**
 * Renders the modal into its shadow root, with its first view already loaded. Core calls this
 * through the renderer registered by `createAppKit`, on first open; later opens only flip state.
 * @internal
 */
export async function mountModal(): Promise<void> {
  if (mounted) return
  mounted = true
  // The first view's chunk was requested with this one: render it directly, never a fallback.
  await loadView(currentView.peek()).catch(() => undefined)
  rootStyles()
  const container = document.createElement('div')
  modalRoot.append(container)
  syncTheme(container)
  createRoot(container).render(<Modal />)
  // Idle again after it: the later views' list and the views the listed wallets open load.
  globalThis.requestIdleCallback?.(() => loadMoreViews().catch(() => {}))
}

/** Keeps the theme mode class and the dapp's theme variables on the modal in step with core state. */
function syncTheme(container: HTMLElement): void {
  effect(() => {
    container.className = `${darkTheme.className} ${themeState.mode.value === 'light' ? lightTheme.className : ''}`
  })
  syncThemeVariables(modalHost)
}
