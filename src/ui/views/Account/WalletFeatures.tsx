import { useSignals } from '@preact/signals-react/runtime'
import { featuresState } from '../../../core/config/features'
import { pushView } from '../../../core/modal/router'
import type { ChainNamespace } from '../../../core/types'
import { FEATURES } from '../../../features'
import { Button } from '../../kit/Button'
import { strokeIcon } from '../../kit/icons'
import { FeatureRow } from './styles'
import { translator } from '../../../i18n/translate'
import accountEn from '../../../i18n/messages/en/account'

const t = translator('account', accountEn)

/** The features' icons are drawn lighter than the modal's own, beside a label. */
const icon = (path: string) => strokeIcon(path, 1.6)

/** The Account actions of the features, in the features' order (SPEC §9: onramp, swaps, receive, send). */
const ACTIONS = FEATURES.flatMap((feature) =>
  feature.accountAction ? [{ ...feature.accountAction, Icon: icon(feature.accountAction.icon) }] : [],
)

/**
 * The row of wallet features that are on (local, remote or basic mode decide) and work in this
 * namespace; each button opens its view, whose chunk loads then.
 * @internal
 */
export function WalletFeatures({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const features = featuresState.value
  const shown = ACTIONS.filter(
    (action) => features[action.flag] && (!action.namespaces || action.namespaces.includes(namespace)),
  )
  if (shown.length === 0) return null
  return (
    <FeatureRow role="group" aria-label={t('walletActions')}>
      {shown.map(({ view, label, Icon }) => (
        <Button key={view} type="button" onClick={() => pushView(view)}>
          <Icon />
          {t(label)}
        </Button>
      ))}
    </FeatureRow>
  )
}
