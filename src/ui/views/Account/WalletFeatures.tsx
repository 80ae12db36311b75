import type { ComponentType } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { featuresState } from '../../../core/config/features'
import { SEND_NAMESPACES } from '../../../core/constants'
import { pushView } from '../../../core/modal/router'
import type { ChainNamespace, ResolvedFeatures, ViewName } from '../../../core/types'
import { Button } from '../../kit/Button'
import { strokeIcon } from '../../kit/icons'
import { FeatureRow } from './styles'

/** The features' icons are drawn lighter than the modal's own, beside a label. */
const icon = (path: string) => strokeIcon(path, 1.6)

/**
 * A wallet feature the Account view offers as a button: the feature switch that shows it, the
 * (lazy) view it opens, its label and icon, and the namespaces it works on (all when absent).
 * @internal
 */
export interface WalletFeature {
  feature: keyof Pick<ResolvedFeatures, 'onramp' | 'swaps' | 'receive' | 'send'>
  view: ViewName
  label: string
  icon: ComponentType
  namespaces?: readonly ChainNamespace[]
}

/**
 * The wallet features in SPEC §9's order (onramp, swaps, receive, send).
 * @internal
 */
export const WALLET_FEATURES: readonly WalletFeature[] = [
  // The providers sell on EVM networks and Solana (SPEC §4: SOL on Solana, USDC elsewhere).
  {
    feature: 'onramp',
    view: 'OnRampProviders',
    label: 'Buy',
    icon: icon('M2 4h12v8H2zM2 7h12'),
    namespaces: SEND_NAMESPACES,
  },
  // Swaps go through the EVM convert routes only; the Swap view tells which networks swap.
  {
    feature: 'swaps',
    view: 'Swap',
    label: 'Swap',
    icon: icon('M3 5h9l-2.5-2.5M13 11H4l2.5 2.5'),
    namespaces: ['eip155'],
  },
  { feature: 'receive', view: 'Receive', label: 'Receive', icon: icon('M8 2v9M4 7l4 4 4-4M3 14h10') },
  {
    feature: 'send',
    view: 'Send',
    label: 'Send',
    icon: icon('M8 14V5M4 9l4-4 4 4M3 2h10'),
    namespaces: SEND_NAMESPACES,
  },
]

/**
 * The row of wallet features that are on (local, remote or basic mode decide) and work in this
 * namespace; each button opens its view, whose chunk loads then.
 * @internal
 */
export function WalletFeatures({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const features = featuresState.value
  const shown = WALLET_FEATURES.filter(
    (entry) => features[entry.feature] && (!entry.namespaces || entry.namespaces.includes(namespace)),
  )
  if (shown.length === 0) return null
  return (
    <FeatureRow role="group" aria-label="Wallet actions">
      {shown.map(({ view, label, icon: Icon }) => (
        <Button key={view} type="button" onClick={() => pushView(view)}>
          <Icon />
          {label}
        </Button>
      ))}
    </FeatureRow>
  )
}
