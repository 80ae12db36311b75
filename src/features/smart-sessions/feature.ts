/**
 * Smart sessions (SPEC §7 `/v1/sessions/*`, feature switch `smartSessions`, off by default): the
 * Account view's line for an EVM account that has granted sessions, and the view that lists them
 * with a Revoke button each (the wallet signs the revocation). The client is
 * `src/api/smart-sessions-api.ts`.
 */
import { featuresState } from '../../core/config/features'
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = {
  SmartSessions: { title: 'smartSessions', load: () => import('./view') },
} satisfies Readonly<Record<string, ViewEntry>>

export const smartSessions = defineFeature({
  name: 'smart-sessions',
  messages: 'smartSessions',
  views,
  // Sessions are granted by EVM accounts; the section shows itself only when the account has some.
  accountSection: {
    shownFor: (namespace) => namespace === 'eip155' && featuresState.value.smartSessions,
    load: () => import('./section'),
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
