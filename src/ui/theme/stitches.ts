import { createStitches } from '@stitches/react'
import { darkTokens, lightColors } from './tokens'
import { setShadowSheet } from './sheet'

/**
 * The modal lives in a shadow root so the host page's CSS cannot reach in and ours cannot leak out.
 * Stitches writes its rules into that shadow root's stylesheet (see `stitchesRoot`), which for the
 * `<style>` fallback only exists once connected, so the host is attached before Stitches. This module is
 * part of the lazy modal chunk: it only ever evaluates in a browser, on first open.
 * @internal
 */
export const modalHost: HTMLElement = document.createElement('sigkit-modal')
/** The host's style as an overlay over the page (embedded mode puts it in the page's flow). @internal */
export const OVERLAY_HOST_STYLE = 'position:fixed;inset:0;pointer-events:none;z-index:var(--sk-z-index,999)'
modalHost.style.cssText = OVERLAY_HOST_STYLE
/** @internal */
export const modalRoot: ShadowRoot = modalHost.attachShadow({ mode: 'open' })
document.body.append(modalHost)

/**
 * Where Stitches writes. Stitches makes its stylesheet by appending a `<style>` to its root and
 * reading that element's `sheet` (`(root.head || root).appendChild(style).sheet`, after looking in
 * `root.styleSheets` for a sheet it wrote before); under a strict Content-Security-Policy that inline
 * `<style>` is blocked and `sheet` is null, and Stitches throws on the first rule. So its root is
 * this stand-in, with no `styleSheets`, whose `appendChild` answers with the shadow root's own sheet
 * ({@link setShadowSheet}: constructable, or a `<style>` with the page's nonce): Stitches' writes go
 * straight into the sheet the shadow root uses, and its `<style>` is dropped, never connected. The
 * alternative, Stitches' detached in-memory sheet copied into the shadow root after each write,
 * would need a hook on every write and keep two copies of every rule.
 */
const stitchesRoot = { appendChild: () => ({ sheet: setShadowSheet(modalRoot) }) }

// `root` is supported by Stitches at run time but missing from @stitches/react's config type.
const config = {
  root: stitchesRoot,
  prefix: 'sk',
  theme: darkTokens,
} as const
const stitches = createStitches(config)
// Styled components made since the last idle time, whose rules Stitches has not written yet.
const unwritten: { render(props: object): unknown }[] = []

/**
 * Stitches' `styled`, plus: once the page is idle, the components made meanwhile write their rules
 * (base styles, default variants) into the stylesheet. Stitches would do that on their first
 * render, which for the preloaded modal is the click: at 6x CPU a third of the first open's script.
 * @internal
 */
export const styled = ((...args: Parameters<typeof stitches.styled>) => {
  const component = stitches.styled(...args)
  // Rendering a component's function only builds its element; Stitches writes the rules then.
  if (unwritten.push(component as never) === 1)
    globalThis.requestIdleCallback?.(() => unwritten.splice(0).forEach((made) => made.render({})))
  return component
}) as typeof stitches.styled
/** @internal */
export const keyframes = stitches.keyframes
const { globalCss, createTheme } = stitches

/**
 * Class carrying the default (dark) tokens. Stitches declares them on `:root`, which matches
 * nothing inside a shadow root, so the modal's container wears this class.
 * @internal
 */
export const darkTheme = stitches.theme

/** Fade in, shared by the backdrop, header title and views. @internal */
export const fadeIn = keyframes({ from: { opacity: 0 } })

/** Class name that switches the modal to light colours. @internal */
export const lightTheme = createTheme('sk-light', { colors: lightColors })

/** Base rules for the shadow root: no inherited page styles, and no motion when the visitor asks for none. @internal */
export const rootStyles = globalCss({
  ':host': { all: 'initial' },
  // Elements only: the one pseudo-element (the network badge's ::before) is inline text.
  '*': { boxSizing: 'border-box' },
  // One reset and one focus ring for every control, so none can ship without a visible focus.
  button: { all: 'unset', boxSizing: 'border-box', cursor: 'pointer' },
  ':focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  // Right to left, an icon that points the way (back) points the other way.
  '[dir=rtl] [data-mirror]': { transform: 'scaleX(-1)' },
  '@media (prefers-reduced-motion: reduce)': {
    '*': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
})
