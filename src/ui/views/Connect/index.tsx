import { lazy, Suspense, type ComponentType } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { featuresState, remoteFeatures } from '../../../core/config/features'
import type { ConnectMethod } from '../../../core/types'
import { Text } from '../../kit/text'
import { ViewBody } from '../../kit/ViewBody'
import { styled } from '../../theme/stitches'
import { connectSections } from './sections'
import { WalletSection } from './WalletSection'

const Footer = styled(Text, { marginTop: '$3', defaultVariants: { tone: 'muted', size: 'sm', centered: true } })

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
    <ViewBody>
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
    </ViewBody>
  )
}
