/**
 * The embedded wallet by email: the Connect view's email section, the code and device steps, the
 * frame's approval screen, the email change, and the Account view's settings for an embedded
 * account.
 */
import { getAccountState } from '../../core/state/account'
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = {
  EmailVerifyOtp: { title: 'confirmEmail', load: () => import('./otp') },
  EmailVerifyDevice: { title: 'registerDevice', load: () => import('./device') },
  ApproveTransaction: { title: 'approveTransaction', load: () => import('./approve') },
  UpdateEmailWallet: { title: 'editEmail', load: () => import('./update') },
  UpdateEmailPrimaryOtp: { title: 'confirmCurrentEmail', load: () => import('./update-current') },
  UpdateEmailSecondaryOtp: { title: 'confirmNewEmail', load: () => import('./update-new') },
} satisfies Readonly<Record<string, ViewEntry>>

export const email = defineFeature({
  name: 'email',
  views,
  connectSection: { method: 'email', load: () => import('./section') },
  // An account of the embedded wallet (signed in by email or a social login).
  accountSection: {
    shownFor: (namespace) => Boolean(getAccountState(namespace).connectedWalletInfo.value?.social),
    load: () => import('./settings'),
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
