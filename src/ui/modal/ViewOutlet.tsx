import { useSignals } from '@preact/signals-react/runtime'
import { currentView } from '../../core/modal/router'
import { viewChunk } from '../views/registry'
import { ChunkSlot } from '../lazy-chunk'
import { Spinner } from '../kit/Spinner'
import { fadeIn, styled } from '../theme/stitches'
import { ANIMATION_MS } from '../../core/constants'
import { translator } from '../../i18n/translate'
import modal from '../../i18n/messages/en/modal'
import common from '../../i18n/messages/en/common'

const t = translator('modal', modal)
const c = translator('common', common)

const Centered = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  minHeight: '120px',
  color: '$textMuted',
  fontSize: '$md',
  textAlign: 'center',
})

/** Each view fades in as it replaces the last. */
const ViewFrame = styled('div', { paddingBottom: '$4', animation: `${fadeIn} ${ANIMATION_MS.viewTransition}ms ease` })

const RetryButton = styled('button', {
  padding: '$2 $4',
  borderRadius: '$full',
  background: '$accent',
  color: '$accentText',
})

function Loading() {
  return (
    <Centered role="status">
      <Spinner aria-hidden="true" />
      <span>{t('loadingView')}</span>
    </Centered>
  )
}

/**
 * Renders the router's current view from its lazy chunk. A chunk can fail to load (flaky network,
 * a deploy replaced the files): the visitor gets a retry instead of a blank modal. Keyed by view,
 * so navigating away starts afresh.
 * @internal
 */
export function ViewOutlet() {
  useSignals()
  const view = currentView.value
  return (
    <ViewFrame key={view}>
      <ChunkSlot
        chunk={viewChunk(view)}
        props={{}}
        loading={<Loading />}
        failed={(retry) => (
          <Centered role="alert">
            <span>{t('viewFailed')}</span>
            <RetryButton type="button" onClick={retry}>
              {c('tryAgain')}
            </RetryButton>
          </Centered>
        )}
      />
    </ViewFrame>
  )
}
