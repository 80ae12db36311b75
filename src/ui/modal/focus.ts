// Disabled controls and a negative tabindex are left out by the filter below (tabIndex < 0).
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]'

/**
 * Elements inside `container` that Tab can reach, in DOM order. Hidden ones are skipped so the trap
 * never parks focus on something the visitor cannot see.
 * @internal
 */
export function getFocusable(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    // checkVisibility also catches display:none, which React uses to hide a view that is still
    // revealing behind its loading fallback; focusing such an element silently does nothing.
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.closest('[hidden],[inert],[aria-hidden="true"]') &&
      el.checkVisibility?.() !== false,
  )
}

/**
 * The element that really has focus, looking through open shadow roots: `document.activeElement`
 * stops at a shadow host such as `<appkit-button>`.
 * @internal
 */
export function deepActiveElement(root: DocumentOrShadowRoot = document): Element | null {
  let active = root.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container`. Returns true when it moved focus itself.
 * @internal
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false
  const focusable = getFocusable(container)
  const first = focusable[0]
  const last = focusable.at(-1)!
  if (!first) {
    event.preventDefault()
    container.focus()
    return true
  }
  const active = deepActiveElement(container.getRootNode() as ShadowRoot)
  const outside = !active || !container.contains(active)
  if (event.shiftKey && (active === first || active === container || outside)) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}
