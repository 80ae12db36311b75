import { createRoot, type Root } from 'react-dom/client'
import { effect } from '@preact/signals-core'
import { themeState } from '../../core/config/appkit-state'
import { darkTheme, lightTheme, modalHost, modalRoot, rootStyles } from '../theme/stitches'
import { Modal } from './Modal'
import { currentView } from '../../core/modal/router'
import { loadView, preloadWalletViews } from '../views/registry'
import type { ViewName } from '../../core/types'
import { isConnected } from '../../core/state/account'
import { modalState } from '../../core/modal/modal'
import { syncThemeVariables } from '../theme/variables'
import { localeState } from '../../i18n/translate'
import { isRightToLeft, loadKnownTexts } from '../../i18n/locales'

let mounted = false
let prepared: ViewName | undefined
let root: Root | undefined

/**
 * Loads a view ahead of rendering it, by default the one a first open shows (the modal's preload),
 * so {@link mountModal} can render in the click's own task. The root is made then too: its container
 * and root styles, and React's listeners for every event type, which React adds as it makes a root.
 * A view that fails to load is left to the view outlet, which offers a retry.
 * @internal
 */
export function prepareModal(view: ViewName = isConnected.peek() ? 'Account' : 'Connect'): Promise<void> {
  return loadView(view).then(
    () => {
      prepared = view
      root ??= createModalRoot()
    },
    () => undefined,
  )
}

/**
 * Renders the modal into its shadow root. Core calls this through the renderer registered by
 * `createAppKit`, on first open; later opens only flip state. Synchronous when the view to show was
 * prepared, else once it has loaded: either way it renders directly, never a fallback.
 * @internal
 */
export function mountModal(): Promise<void> | void {
  if (mounted) return
  mounted = true
  const view = currentView.peek()
  return view === prepared ? render() : prepareModal(view).then(render)
}

function render(): Promise<void> | void {
  if (modalState.embedded.peek()) return loadEmbedding().then(paint)
  effect(() => void (modalState.embedded.value && loadEmbedding()))
  paint()
}

function paint(): void {
  ;(root ??= createModalRoot()).render(<Modal />)
  // Idle again after it: the views the listed wallets open load.
  globalThis.requestIdleCallback?.(preloadWalletViews)
  // In another locale, the map that shows core's texts in it: not on the click's path, but needed
  // before an error shows, so right after the paint where there is no idle callback (Safari).
  ;(globalThis.requestIdleCallback ?? setTimeout)(() => void loadKnownTexts())
}

/** The modal's container in the shadow root, themed, with the root styles written. */
function createModalRoot(): Root {
  rootStyles()
  const container = document.createElement('div')
  modalRoot.append(container)
  syncTheme(container)
  return createRoot(container)
}

/** Keeps the theme mode class and the dapp's theme variables on the modal in step with core state. */
function syncTheme(container: HTMLElement): void {
  effect(() => {
    container.className = `${darkTheme.className} ${themeState.mode.value === 'light' ? lightTheme.className : ''}`
  })
  // The locale's language and direction: the layout mirrors right to left (logical CSS properties).
  effect(() => {
    container.lang = localeState.tag.value
    container.dir = isRightToLeft(container.lang) ? 'rtl' : 'ltr'
  })
  syncThemeVariables(modalHost)
}

/**
 * Embedded mode's placement loads the first time the modal is embedded (`enableEmbedded`); before
 * the first paint when it already is, so the card never shows as an overlay first.
 */
function loadEmbedding(): Promise<void> {
  return import('./embedding').then((embedding) => embedding.followEmbedding())
}
