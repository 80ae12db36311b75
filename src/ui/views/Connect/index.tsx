import { lazy, Suspense, type ComponentType } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { featuresState, remoteFeatures } from '../../../core/config/features'
import type { ConnectMethod } from '../../../core/types'
import { styled } from '../../theme/stitches'
import { connectSections } from './sections'
import { WalletSection } from './WalletSection'

const Body = styled('div', { display: 'grid', gap: '$3', padding: '0 $3' })

const Footer = styled('p', { margin: '$3 0 0', textAlign: 'center', fontSize: '$sm', color: '$textMuted' })

/**
 * Section components by connect method, each rendering its own labelled section. Email and
 * social sign-in are their features' own chunks.
 */
const sectionComponents: Partial<Record<ConnectMethod, ComponentType>> = {
  wallet: WalletSection,
  email: lazy(() => import('../../../features/email/section')),
  social: lazy(() => import('../../../features/social/section')),
}

/**
 * The first view: the enabled connect methods in the configured order.
 * @internal
 */
export default function ConnectView() {
  useSignals()
  const features = featuresState.value
  return (
    <Body>
      {connectSections(features, remoteFeatures.value).map((method) => {
        const Section = sectionComponents[method]
        // No fallback (React 18+ and Preact render nothing): a lazy section appears when loaded.
        return (
          Section && (
            <Suspense key={method}>
              <Section />
            </Suspense>
          )
        )
      })}
      {features.branding && <Footer>Powered by SigKit</Footer>}
    </Body>
  )
}
