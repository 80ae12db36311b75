import { effect } from '@preact/signals-core'
import { themeState } from '../../core/config/appkit-state'

/**
 * Keeps the dapp's `themeVariables` as CSS custom properties on `element` (the modal host or an
 * `<appkit-button>`), removing ones the dapp drops. Returns the effect's dispose function.
 * @internal
 */
export function syncThemeVariables(element: HTMLElement): () => void {
  let applied: string[] = []
  return effect(() => {
    const variables = themeState.variables.value
    for (const name of applied) element.style.removeProperty(name)
    applied = []
    for (const [name, value] of Object.entries(variables)) {
      if (value === undefined) continue
      element.style.setProperty(name, String(value))
      applied.push(name)
    }
  })
}
