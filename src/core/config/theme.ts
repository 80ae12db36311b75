/**
 * Theme state: colour mode and CSS variable overrides. The UI reads these signals; setting them
 * re-themes an open modal in place.
 */
import { signal } from '@preact/signals-core'
import type { Signal } from '@preact/signals-core'
import { DEFAULT_THEME_MODE } from '../constants'
import { validateThemeVariables } from './options'
import type { ThemeMode, ThemeVariables, ThemeVariablesInput } from '../types'

/** The theme signals. */
export interface ThemeSignals {
  mode: Signal<ThemeMode>
  variables: Signal<ThemeVariables>
}

/** Current theme. */
export const themeState: ThemeSignals = {
  mode: signal(DEFAULT_THEME_MODE),
  variables: signal({}),
}

/**
 * Sets the colour mode.
 *
 * @throws Error for anything but 'dark' or 'light' (the value comes from app code at run time).
 * @example
 * ```ts
 * setThemeMode('light')
 * ```
 */
export function setThemeMode(mode: ThemeMode): void {
  if (mode !== 'dark' && mode !== 'light') throw new Error(`themeMode must be 'dark' or 'light'`)
  themeState.mode.value = mode
}

/**
 * Merges CSS variable overrides into the current ones. Invalid input throws before anything
 * changes, so a bad call never wipes the current theme.
 *
 * @example
 * ```ts
 * setThemeVariables({ '--sk-accent': '#47a1ff' })
 * ```
 */
export function setThemeVariables(variables: ThemeVariablesInput): void {
  const valid = validateThemeVariables(variables)
  themeState.variables.value = { ...themeState.variables.peek(), ...valid }
}
