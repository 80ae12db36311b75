import { useEffect, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import '../signals-binding'
import { closeModal, modalState } from '../../core/modal/modal'
import { currentView } from '../../core/modal/router'
import { Header, DIALOG_TITLE_ID } from './Header'
import { ViewOutlet } from './ViewOutlet'
import { Alerts, Toast } from './Notices'
import { deepActiveElement, trapTab } from './focus'
import { Backdrop, Card, LoadingOverlay, ToastLayer } from './styles'
import { Spinner } from '../kit/Spinner'
import { localeState, translator } from '../../i18n/translate'
import english from '../../i18n/messages/en/modal'

const t = translator('modal', english)

/**
 * The modal shell: a WAI-ARIA dialog. Focus moves into it on open, Tab cycles inside it, Escape
 * and the backdrop ask core to close (a close guard may refuse, which shakes the card), and focus
 * returns to whatever opened it. Embedded (inline in the page) it is a region of the page instead,
 * always shown: no backdrop, and focus is the page's, the visitor tabs in and out of it.
 * @internal
 */
export function Modal() {
  useSignals()
  // Read here so a locale change re-renders the whole dialog (every text is the catalogue's), with
  // the views' state kept: the modal stays open on the view it was on.
  void localeState.catalogue.value
  void localeState.tag.value
  const embedded = modalState.embedded.value
  const open = modalState.open.value || embedded
  const dialogRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  // Embedded: whether the visitor's focus is in the card, so a view change keeps it there.
  const focusInside = useRef(false)

  useEffect(() => {
    if (!open || embedded) return
    const opener = deepActiveElement()
    const dialog = dialogRef.current
    dialog?.focus({ preventScroll: true })

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        closeModal()
      } else if (dialog) {
        trapTab(event, dialog)
      }
    }
    const root = document.documentElement
    const previousOverflow = root.style.overflow
    root.style.overflow = 'hidden'
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      root.style.overflow = previousOverflow
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true })
    }
  }, [open, embedded])

  // A view change can remove the focused control; keep focus inside the dialog.
  const view = currentView.value
  useEffect(() => {
    const dialog = dialogRef.current
    if (!open || !dialog) return
    const active = deepActiveElement()
    // Inline, focus is taken back only from a control the view change removed, never from the page.
    if (embedded && (!focusInside.current || (active && active !== document.body))) return
    if (!active || !dialog.contains(active)) dialog.focus({ preventScroll: true })
  }, [open, view])

  // Height can't transition to `auto`; following the content's measured height lets it animate.
  useEffect(() => {
    const card = dialogRef.current
    const content = contentRef.current
    if (!open || !card || !content || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      card.style.height = `${content.offsetHeight + card.offsetHeight - card.clientHeight}px`
    })
    observer.observe(content)
    return () => observer.disconnect()
  }, [open])

  // A wallet outcome (e.g. 'Signature declined') can arrive while the modal is closed.
  if (!open) {
    return (
      <ToastLayer>
        <Toast />
      </ToastLayer>
    )
  }

  const card = (
    <Card
      ref={dialogRef}
      role={embedded ? 'region' : 'dialog'}
      aria-modal={embedded ? undefined : 'true'}
      onFocusCapture={() => (focusInside.current = true)}
      onBlurCapture={(event) => {
        const next = event.relatedTarget
        if (next instanceof Node && !dialogRef.current?.contains(next)) focusInside.current = false
      }}
      aria-labelledby={DIALOG_TITLE_ID}
      aria-busy={modalState.loading.value || undefined}
      tabIndex={-1}
      embedded={embedded}
      shake={modalState.shake.value}
    >
      <div ref={contentRef}>
        <Header />
        <Alerts />
        <ViewOutlet />
      </div>
      <Toast />
      {modalState.loading.value && (
        <LoadingOverlay role="status" aria-label={t('loading')}>
          <Spinner aria-hidden="true" />
        </LoadingOverlay>
      )}
    </Card>
  )
  if (embedded) return card
  return (
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeModal()
      }}
    >
      {card}
    </Backdrop>
  )
}
