import { effect } from '@preact/signals-core'
import { findConnector, orderedConnectors } from '../../core/state/connectors'
import type { ViewName } from '../../core/types'
import type { ViewEntry } from './registry'

/**
 * Views beyond the first open's, loaded with the first of them (see registry.ts). Register new
 * views here.
 * @internal
 */
export const moreViews: Partial<Record<ViewName, ViewEntry>> = {
  ConnectingExternal: {
    title: (data) => findConnector(String(data?.['connectorId']))?.name ?? 'Connecting',
    load: () => import('./ConnectingExternal'),
  },
  ConnectingWalletConnect: {
    title: (data) => (data?.['wallet'] as { name?: string } | undefined)?.name ?? 'WalletConnect',
    load: () => import('./ConnectingWalletConnect'),
  },
  SwitchNetwork: { title: 'Choose Network', load: () => import('./SwitchNetwork') },
  AllWallets: { title: 'All Wallets', load: () => import('./AllWallets') },
  UnsupportedChain: { title: 'Switch Network', load: () => import('./UnsupportedChain') },
  SwitchActiveChain: { title: 'Switch Chain', load: () => import('./SwitchActiveChain') },
  // An optional feature: its code lives with the feature and loads only when the view opens.
  Send: { title: 'Send', load: () => import('../../features/send') },
  Receive: { title: 'Receive', load: () => import('../../features/receive') },
  Swap: { title: 'Swap', load: () => import('../../features/swaps') },
  OnRampProviders: { title: 'Buy', load: () => import('../../features/onramp') },
  OnRampAmount: { title: 'Buy', load: () => import('../../features/onramp/amount') },
  Pay: { title: 'Pay', load: () => import('../../features/pay/view') },
  SIWXSignMessage: { title: 'Sign In', load: () => import('../../features/siwx') },
  // The embedded wallet (email login, its approval screen): the email feature's chunks.
  EmailVerifyOtp: { title: 'Confirm Email', load: () => import('../../features/email/otp') },
  EmailVerifyDevice: { title: 'Register Device', load: () => import('../../features/email/device') },
  // Social login: every provider, when the Connect section's row had no room for them all.
  ConnectSocials: { title: 'All socials', load: () => import('../../features/social/more') },
  ApproveTransaction: { title: 'Approve Transaction', load: () => import('../../features/email/approve') },
  UpdateEmailWallet: { title: 'Edit Email', load: () => import('../../features/email/update') },
  UpdateEmailPrimaryOtp: { title: 'Confirm Current Email', load: () => import('../../features/email/update-current') },
  UpdateEmailSecondaryOtp: { title: 'Confirm New Email', load: () => import('../../features/email/update-new') },
  // Social login: the social feature's chunks.
  ConnectingSocial: { title: 'Sign In', load: () => import('../../features/social/connecting') },
  ConnectingFarcaster: { title: 'Farcaster', load: () => import('../../features/social/farcaster') },
}

// The views asked for ahead; undefined until the preload starts (once).
let preloaded: Set<ViewName> | undefined

/**
 * Loads the views the listed wallets open (WalletConnect's QR code, an installed wallet's
 * connecting view) as they are listed, each once, so a pick renders at once: no chunk round trip
 * on the click and, in React, no Suspense fallback held for 300 ms. Started once, when this list
 * loads (see registry.ts), with the registry's `loadView`: a static import of the registry here
 * would split it out of the modal shell's chunk into a request of its own.
 * @internal
 */
export function preloadWalletViews(load: (view: ViewName) => Promise<void>): void {
  if (preloaded) return
  const requested = (preloaded = new Set())
  effect(() => {
    for (const connector of orderedConnectors.value) {
      const view = connector.view ?? 'ConnectingExternal'
      if (requested.has(view)) continue
      requested.add(view)
      void load(view).catch(() => {})
    }
  })
}
