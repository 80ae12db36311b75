import { getResolvedOptions } from '../../core/config/appkit-state'

/**
 * Gives a shadow root its stylesheet (as its only one) in a way a strict Content-Security-Policy
 * allows: a constructable stylesheet (`adoptedStyleSheets`), which `style-src` does not govern, so a
 * site needs no `'unsafe-inline'`. A browser without them (Safari before 16.4) gets a `<style>`
 * carrying `createAppKit({ nonce })`, the one form of inline style such a policy can allow.
 * Returns the live sheet, for code that writes rules into it (Stitches).
 * @internal
 */
export function setShadowSheet(root: ShadowRoot, css = ''): CSSStyleSheet {
  // Typed as always there, but absent in older browsers.
  if (root.adoptedStyleSheets) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [sheet]
    return sheet
  }
  const style = document.createElement('style')
  style.nonce = getResolvedOptions()?.nonce ?? ''
  style.textContent = css
  root.append(style)
  return style.sheet as CSSStyleSheet
}
