import { useSignals } from '@preact/signals-react/runtime'
import { setThemeMode, setThemeVariables, themeState } from '../../core/config/appkit-state'
import type { ThemeMode, ThemeVariables, ThemeVariablesInput } from '../../core/types'

/** What `useAppKitTheme` returns. */
export interface UseAppKitThemeReturnType {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  setThemeMode: (mode: ThemeMode) => void
  /** Merges into the current variables. */
  setThemeVariables: (variables: ThemeVariablesInput) => void
}

/**
 * Reads and changes the modal's theme.
 * @example
 * ```tsx
 * const { themeMode, setThemeMode } = useAppKitTheme()
 * return <button onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>Theme</button>
 * ```
 */
export function useAppKitTheme(): UseAppKitThemeReturnType {
  useSignals()
  return {
    themeMode: themeState.mode.value,
    themeVariables: themeState.variables.value,
    setThemeMode,
    setThemeVariables,
  }
}
