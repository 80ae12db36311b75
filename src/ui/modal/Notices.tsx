import { useSignals } from '@preact/signals-react/runtime'
import { hideToast, toastState } from '../../core/modal/toasts'
import { alertState, hideAlert } from '../../core/modal/alerts'
import { featuresNotice } from '../../core/config/features'
import { IconButton } from '../kit/IconButton'
import { CloseIcon } from '../kit/icons'
import { Spinner } from '../kit/Spinner'
import { keyframes, styled } from '../theme/stitches'
import { translateText, translator } from '../../i18n/translate'
import english from '../../i18n/messages/en/modal'

const t = translator('modal', english)

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' } })

/** One box for toasts and banners; the tone colours its edge. */
const Note = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $3',
  color: '$text',
  background: '$surface',
  border: '1px solid $border',
  variants: {
    tone: {
      loading: {},
      success: { borderColor: '$success' },
      error: { borderColor: '$error' },
      warning: { borderColor: '$warning' },
      info: { borderColor: '$accent' },
    },
    kind: {
      toast: {
        // Centred without a physical side: the same in both directions.
        position: 'absolute',
        insetInline: 0,
        bottom: '$4',
        width: 'fit-content',
        marginInline: 'auto',
        maxWidth: 'calc(100% - 32px)',
        borderRadius: '$full',
        boxShadow: '0 8px 24px rgba(0,0,0,0.25)',
        animation: `${rise} 150ms ease`,
      },
      banner: { margin: '0 $3 $2', borderRadius: '$md', fontSize: '$sm' },
    },
  },
})

/**
 * The toast: errors are announced assertively, the rest politely. A click dismisses it.
 * @internal
 */
export function Toast() {
  useSignals()
  if (!toastState.open.value) return null
  const tone = toastState.variant.value
  return (
    <Note kind="toast" tone={tone} role={tone === 'error' ? 'alert' : 'status'} onClick={() => hideToast()}>
      {tone === 'loading' && <Spinner css={{ width: '14px', height: '14px', borderWidth: '2px' }} aria-hidden="true" />}
      <span>{translateText(toastState.message.value)}</span>
    </Note>
  )
}

/**
 * Alerts (each shown once per page) and the "Local configuration ignored" notice, above the view.
 * @internal
 */
export function Alerts() {
  useSignals()
  const notice = featuresNotice.value
  return (
    <>
      {alertState.open.value && (
        <Note kind="banner" tone={alertState.variant.value} role="alert">
          <span style={{ flex: 1 }}>{translateText(alertState.message.value)}</span>
          <IconButton type="button" aria-label={t('dismissAlert')} onClick={() => hideAlert()}>
            <CloseIcon />
          </IconButton>
        </Note>
      )}
      {notice && (
        <Note kind="banner" tone="warning" role="status">
          {translateText(notice)}
        </Note>
      )}
    </>
  )
}
