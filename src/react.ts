/**
 * `sigkit/react`: hooks and `<AppKitButton/>` over the framework-free core.
 * @packageDocumentation
 */
export { createAppKit } from './index'
export type { AppKit, AppKitState, AppKitOptions } from './index'
export { AppKitButton, type AppKitButtonProps } from './react/AppKitButton'
export { useAppKit, type UseAppKitReturnType } from './react/hooks/useAppKit'
export { useAppKitState, type UseAppKitStateReturnType } from './react/hooks/useAppKitState'
export { useAppKitTheme, type UseAppKitThemeReturnType } from './react/hooks/useAppKitTheme'
export { useAppKitEvents, type UseAppKitEventsReturnType } from './react/hooks/useAppKitEvents'
