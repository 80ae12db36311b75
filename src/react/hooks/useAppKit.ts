import { getAppKit, type AppKit } from '../../app-kit'

/** What `useAppKit` returns. */
export interface UseAppKitReturnType {
  open: AppKit['open']
  close: AppKit['close']
}

/**
 * Opens and closes the modal. Throws 'Please call createAppKit before using the open hook' when
 * `createAppKit` has not run, so a missing set-up fails loudly at the first render.
 * @example
 * ```tsx
 * const { open } = useAppKit()
 * return <button onClick={() => open({ view: 'Connect' })}>Connect</button>
 * ```
 */
export function useAppKit(): UseAppKitReturnType {
  const appKit = getAppKit()
  return { open: appKit.open, close: appKit.close }
}
