/**
 * Names (SPEC §2, §4 "Name registration"): the Account view's offer to choose a name, for an
 * embedded-wallet account on EVM that has none, and the two views of the registration. The name
 * rules are in `./rules.ts`, the service's client in `src/api/profile-api.ts`.
 */
import { getAccountState } from '../../core/state/account'
import { connectionState } from '../../core/state/connection'
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = {
  RegisterAccountName: { title: 'chooseName', load: () => import('./register') },
  // AppKit leaves this header empty; the dialog needs a name.
  RegisterAccountNameSuccess: { title: 'nameChosen', load: () => import('./success') },
} satisfies Readonly<Record<string, ViewEntry>>

export const names = defineFeature({
  name: 'names',
  messages: 'names',
  views,
  // Names are EVM's only (HOSTED-API §6.4), registered through the embedded wallet ('auth').
  accountSection: {
    shownFor: (namespace) =>
      namespace === 'eip155' &&
      !getAccountState(namespace).profileName.value &&
      connectionState.connections.value.get(namespace)?.[0]?.connectorId === 'auth',
    load: () => import('./section'),
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
