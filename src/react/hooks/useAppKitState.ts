import { useSignals } from '@preact/signals-react/runtime'
import { readAppKitState, type AppKitState } from '../../app-kit'

/** What `useAppKitState` returns. */
export type UseAppKitStateReturnType = AppKitState

/**
 * The modal's open and loading flags, the selected network and the active namespace. The component
 * re-renders only when one of these changes.
 * @example
 * ```tsx
 * const { open, selectedNetworkId } = useAppKitState()
 * ```
 */
export function useAppKitState(): UseAppKitStateReturnType {
  useSignals()
  return readAppKitState()
}
