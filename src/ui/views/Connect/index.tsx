import type { ComponentType } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { featuresState } from '../../../core/config/features'
import type { ConnectMethod } from '../../../core/types'
import { styled } from '../../theme/stitches'
import { connectSections } from './sections'
import { WalletSection } from './WalletSection'

const Body = styled('div', { display: 'grid', gap: '$3', padding: '0 $3' })

const Footer = styled('p', { margin: '$3 0 0', textAlign: 'center', fontSize: '$sm', color: '$textMuted' })

/**
 * Section components by connect method. Email and social sign-in arrive with the embedded-wallet
 * feature, each as its own lazy chunk; until then only the wallet section renders.
 */
const sectionComponents: Partial<Record<ConnectMethod, ComponentType>> = {
  wallet: WalletSection,
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
      {connectSections(features).map((method) => {
        const Section = sectionComponents[method]
        return Section ? (
          <section key={method} data-method={method} aria-label={SECTION_LABELS[method]}>
            <Section />
          </section>
        ) : null
      })}
      {features.branding && <Footer>Powered by SigKit</Footer>}
    </Body>
  )
}

const SECTION_LABELS: Record<ConnectMethod, string> = {
  email: 'Continue with email',
  social: 'Continue with a social account',
  wallet: 'Connect a wallet',
}
