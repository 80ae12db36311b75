/**
 * The Buy view (feature `onramp`): the on-ramp providers the features allow (local or remote
 * configuration), each with its fee range; choosing one opens the amount view. LAZY: registered in
 * `ui/views/more-views.ts`, loaded when the Account view's Buy button is used.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { featuresState } from '../../core/config/features'
import { pushView } from '../../core/modal/router'
import { activeNamespace } from '../../core/state/account'
import { ListItem } from '../../ui/primitives'
import { onrampState } from './controller'
import { providersFor } from './providers'
import { Body, Note, ProviderMeta } from './styles'

/** @internal */
export default function OnRampProvidersView() {
  useSignals()
  const providers = providersFor(featuresState.value.onrampProviders, activeNamespace.value)
  if (providers.length === 0) return <Note role="note">No on-ramp provider is available for this network.</Note>
  return (
    <Body role="list" aria-label="On-ramp providers">
      {providers.map((provider) => (
        <div role="listitem" key={provider.id}>
          <ListItem
            type="button"
            data-provider={provider.id}
            onClick={() => {
              onrampState.selectedProvider.value = provider
              pushView('OnRampAmount')
            }}
          >
            {provider.label}
            <ProviderMeta>Fees {provider.feeRange}</ProviderMeta>
          </ListItem>
        </div>
      ))}
    </Body>
  )
}
