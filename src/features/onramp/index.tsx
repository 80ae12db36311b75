/**
 * The Buy view (feature `onramp`): the on-ramp providers the features allow (local or remote
 * configuration), each with its fee range (the card on-ramp only on the card on-ramp
 * chains, `cardOnrampOffered`, SPEC §9); choosing one opens the amount view. Its view data may
 * carry an `amount` (Pay's "buy the difference") that the amount view then starts with. LAZY:
 * declared in `./feature.ts`, loaded when the Account view's Buy button is used.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { getResolvedOptions } from '../../core/config/appkit-state'
import { featuresState } from '../../core/config/features'
import { currentData, pushView } from '../../core/modal/router'
import { activeNamespace } from '../../core/state/account'
import { getNetworkState } from '../../core/state/network'
import { Note } from '../../ui/kit/Note'
import { ListItem } from '../../ui/kit/rows'
import { ViewBody } from '../../ui/kit/ViewBody'
import { onrampState } from './controller'
import { cardOnrampOffered, providersFor } from './providers'
import { ProviderMeta } from './styles'
import { translator } from '../../i18n/translate'
import onrampEn from '../../i18n/messages/en/onramp'

const t = translator('onramp', onrampEn)

/** @internal */
export default function OnRampProvidersView() {
  useSignals()
  const namespace = activeNamespace.value
  const network = namespace ? getNetworkState(namespace).caipNetwork.value : undefined
  const card = cardOnrampOffered(network?.caipNetworkId, getResolvedOptions()?.endpoints.api ?? '')
  const providers = providersFor(featuresState.value.onrampProviders, namespace, card)
  const preset = currentData.value?.['amount']
  if (providers.length === 0) return <Note role="note">{t('noProvider')}</Note>
  return (
    <ViewBody role="list" aria-label={t('providers')}>
      {providers.map((provider) => (
        <div role="listitem" key={provider.id}>
          <ListItem
            type="button"
            data-provider={provider.id}
            onClick={() => {
              onrampState.selectedProvider.value = provider
              if (typeof preset === 'string' && /^\d+(\.\d+)?$/.test(preset)) onrampState.paymentAmount.value = preset
              pushView('OnRampAmount')
            }}
          >
            {provider.label}
            <ProviderMeta>{t('fees', { range: provider.feeRange })}</ProviderMeta>
          </ListItem>
        </div>
      ))}
    </ViewBody>
  )
}
