import { useSignals } from '@preact/signals-react/runtime'
import { hideToast, toastState } from '../../core/toasts'
import { alertState, hideAlert } from '../../core/alerts'
import { featuresNotice } from '../../core/features'
import { Spinner } from '../primitives/Spinner'
import { IconButton } from '../primitives/IconButton'
import { CloseIcon } from '../primitives/icons'
import { keyframes, styled } from '../theme/stitches'

const rise = keyframes({ from: { opacity: 0, transform: 'translate(-50%, 8px)' }, to: { opacity: 1, transform: 'translate(-50%, 0)' } })

const ToastBox = styled('div', {
  position: 'absolute',
  left: '50%',
  bottom: '$4',
  transform: 'translateX(-50%)',
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  maxWidth: 'calc(100% - 32px)',
  padding: '$2 $3',
  borderRadius: '$full',
  background: '$surface',
  border: '1px solid $border',
  color: '$text',
  fontSize: '$md',
  boxShadow: '0 8px 24px rgba(0,0,0,0.25)',
  animation: `${rise} 150ms ease`,
  variants: {
    variant: {
      loading: {},
      success: { borderColor: '$success' },
      error: { borderColor: '$error' },
    },
  },
})

const Dot = styled('span', {
  width: '8px',
  height: '8px',
  borderRadius: '$full',
  variants: { variant: { success: { background: '$success' }, error: { background: '$error' } } },
})

/**
 * The toast: errors are announced assertively, the rest politely.
 * @internal
 */
export function Toast() {
  useSignals()
  if (!toastState.open.value) return null
  const variant = toastState.variant.value
  return (
    <ToastBox variant={variant} role={variant === 'error' ? 'alert' : 'status'} onClick={() => hideToast()}>
      {variant === 'loading' ? <Spinner css={{ width: '14px', height: '14px', borderWidth: '2px' }} aria-hidden="true" /> : <Dot variant={variant} />}
      <span>{toastState.message}</span>
    </ToastBox>
  )
}

const Banner = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  margin: '0 $3 $2',
  padding: '$2 $3',
  borderRadius: '$md',
  fontSize: '$sm',
  color: '$text',
  background: '$surface',
  borderLeft: '3px solid $warning',
  variants: {
    variant: {
      error: { borderLeftColor: '$error' },
      warning: {},
      info: { borderLeftColor: '$accent' },
      success: { borderLeftColor: '$success' },
    },
  },
})

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
        <Banner variant={alertState.variant.value} role="alert">
          <span style={{ flex: 1 }}>{alertState.message}</span>
          <IconButton type="button" aria-label="Dismiss alert" onClick={() => hideAlert()}>
            <CloseIcon />
          </IconButton>
        </Banner>
      )}
      {notice && (
        <Banner variant="warning" role="status">
          {notice}
        </Banner>
      )}
    </>
  )
}
