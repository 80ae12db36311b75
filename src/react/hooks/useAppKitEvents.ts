import { useSignals } from '@preact/signals-react/runtime'
import { eventsState } from '../../core/analytics'

/** What `useAppKitEvents` returns: the latest event, or undefined before the first. */
export type UseAppKitEventsReturnType = typeof eventsState.last.value

/**
 * The latest tracked event (modal opened, connect success, …); the component re-renders on each.
 * @example
 * ```tsx
 * const event = useAppKitEvents()
 * useEffect(() => { if (event) console.log(event.data.event) }, [event])
 * ```
 */
export function useAppKitEvents(): UseAppKitEventsReturnType {
  useSignals()
  return eventsState.last.value
}
