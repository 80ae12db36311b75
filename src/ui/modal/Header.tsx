import { useSignals } from '@preact/signals-react/runtime'
import { currentData, currentView, goBack, routerState } from '../../core/modal/router'
import { closeModal, modalState } from '../../core/modal/modal'
import { viewTitle } from '../views/registry'
import { IconButton } from '../kit/IconButton'
import { BackIcon, CloseIcon } from '../kit/icons'
import { fadeIn, styled } from '../theme/stitches'
import { ANIMATION_MS } from '../../core/constants'
import { translator } from '../../i18n/translate'
import english from '../../i18n/messages/en/modal'

const t = translator('modal', english)

const Bar = styled('header', {
  display: 'grid',
  gridTemplateColumns: '32px 1fr 32px',
  alignItems: 'center',
  gap: '$2',
  padding: '$3 $3 $2',
})

const Title = styled('h2', {
  margin: 0,
  textAlign: 'center',
  fontSize: '$lg',
  fontWeight: 600,
  color: '$text',
  animation: `${fadeIn} ${ANIMATION_MS.headerText}ms ease`,
})

/** The id the dialog's `aria-labelledby` points at. @internal */
export const DIALOG_TITLE_ID = 'sk-dialog-title'

/**
 * Back (when there is somewhere to go back to), the current view's title, and close.
 * @internal
 */
export function Header() {
  useSignals()
  const view = currentView.value
  const canGoBack = routerState.history.value.length > 1
  return (
    <Bar>
      {canGoBack ? (
        <IconButton type="button" aria-label={t('back')} data-mirror="" onClick={() => goBack()}>
          <BackIcon />
        </IconButton>
      ) : (
        <span />
      )}
      <Title id={DIALOG_TITLE_ID} key={view}>
        {viewTitle(view, currentData.value)}
      </Title>
      {modalState.embedded.value ? (
        <span />
      ) : (
        <IconButton type="button" aria-label={t('close')} onClick={() => closeModal()}>
          <CloseIcon />
        </IconButton>
      )}
    </Bar>
  )
}
