import { useSignals } from '@preact/signals-react/runtime'
import { activeCaipNetwork } from '../../../core/state/network'
import { pushView } from '../../../core/modal/router'
import { NetworkBadge } from '../../kit/NetworkBadge'
import { Pill } from './styles'
import { translator } from '../../../i18n/translate'
import accountEn from '../../../i18n/messages/en/account'

const t = translator('account', accountEn)

/**
 * The active network; opens Choose Network. Its name is the visible network name (axe's
 * label-in-name rule: a different aria-label breaks speech control); the title describes it.
 * @internal
 */
export function NetworkButton() {
  useSignals()
  const network = activeCaipNetwork.value
  if (!network) return null
  return (
    <Pill type="button" title={t('chooseNetwork')} onClick={() => pushView('SwitchNetwork')}>
      <NetworkBadge name={network.name} />
      {network.name}
    </Pill>
  )
}
