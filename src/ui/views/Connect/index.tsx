import { useSignals } from '@preact/signals-react/runtime'
import { featuresState, remoteFeatures } from '../../../core/config/features'
import type { ConnectMethod } from '../../../core/types'
import { FEATURES } from '../../../features'
import { ChunkSlot, lazyChunk, type LazyChunk } from '../../lazy-chunk'
import { Text } from '../../kit/text'
import { ViewBody } from '../../kit/ViewBody'
import { styled } from '../../theme/stitches'
import { connectSections } from './sections'
import { WalletSection } from './WalletSection'
import { translator } from '../../../i18n/translate'
import connectEn from '../../../i18n/messages/en/connect'

const t = translator('connect', connectEn)

const Footer = styled(Text, { marginTop: '$3', defaultVariants: { tone: 'muted', size: 'sm', centered: true } })

/** The features' Connect sections (email, socials), each its own chunk, by connect method. */
const featureSections = new Map<ConnectMethod, LazyChunk<object>>(
  FEATURES.flatMap((feature) =>
    feature.connectSection ? [[feature.connectSection.method, lazyChunk(feature.connectSection.load)] as const] : [],
  ),
)

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
        if (method === 'wallet') return <WalletSection key={method} />
        const section = featureSections.get(method)
        // A section appears once its chunk is in (nothing meanwhile, nor if it failed to load).
        return section && <ChunkSlot key={method} chunk={section} props={{}} />
      })}
      {features.branding && <Footer>{t('poweredBy')}</Footer>}
    </ViewBody>
  )
}
