import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewName } from '../../core/types'

type ViewModule = { default: ComponentType }

/**
 * Every view is its own lazy chunk so the modal pays only for the views a visitor opens. Later
 * features add their views here, still behind `import()`.
 * @internal
 */
export const viewLoaders: Partial<Record<ViewName, () => Promise<ViewModule>>> = {
  Connect: () => import('./Connect'),
}

/** Header titles; a view missing here shows no title. @internal */
export const viewTitles: Partial<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnect: 'Connecting',
  ConnectingWalletConnectBasic: 'Connecting',
  SwitchNetwork: 'Switch Network',
  SwitchActiveChain: 'Switch Network',
  UnsupportedChain: 'Switch Network',
  Swap: 'Swap',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
}

const lazyViews = new Map<ViewName, LazyExoticComponent<ComponentType>>()

/**
 * The lazy component for a view, created once so React keeps its state between renders.
 * @internal
 */
export function getLazyView(view: ViewName): LazyExoticComponent<ComponentType> | undefined {
  const load = viewLoaders[view]
  if (!load) return undefined
  let component = lazyViews.get(view)
  if (!component) {
    component = lazy(load)
    lazyViews.set(view, component)
  }
  return component
}

/** Forgets a view whose chunk failed to load, so the next render imports it again. @internal */
export function forgetLazyView(view: ViewName): void {
  lazyViews.delete(view)
}
