/**
 * The embedded wallet by email: the Connect view's email section, the code and device steps, the
 * frame's approval screen, the email change, and the Account view's settings for an embedded
 * account.
 */
import { getAccountState } from '../../core/state/account'
import { defineFeature, type ViewsOf } from '../feature'

const views = {
  EmailVerifyOtp: { title: 'Confirm Email', load: () => import('./otp') },
  EmailVerifyDevice: { title: 'Register Device', load: () => import('./device') },
  ApproveTransaction: { title: 'Approve Transaction', load: () => import('./approve') },
  UpdateEmailWallet: { title: 'Edit Email', load: () => import('./update') },
  UpdateEmailPrimaryOtp: { title: 'Confirm Current Email', load: () => import('./update-current') },
  UpdateEmailSecondaryOtp: { title: 'Confirm New Email', load: () => import('./update-new') },
}

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
