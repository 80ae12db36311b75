import { useEffect, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { approvalFrame, rejectPendingApprovals } from '../../connectors/embedded'
import { Spinner } from '../../ui/kit/Spinner'
import { FrameSlot } from './styles'
import { translator } from '../../i18n/translate'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

/**
 * ApproveTransaction (SPEC §2, issue 14 point 3): the secure frame's own approval screen, shown in
 * the modal. The dapp never renders what is being signed: the iframe, on the frame's origin, is
 * laid over this view's box (fixed, above the modal, following the box every frame while the
 * modal moves or scrolls) and hidden again when the view goes. Leaving the view while a request
 * still waits there rejects it, as closing the modal does.
 * @internal
 */
export default function ApproveTransaction() {
  useSignals()
  const slot = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let stopped = false
    let frame: HTMLIFrameElement | undefined
    let raf = 0
    void approvalFrame().then((element) => {
      const box = slot.current
      if (stopped || !box) return
      frame = element
      // Above the modal's host, whatever z-index the dapp gave it.
      const host = (box.getRootNode() as ShadowRoot).host
      const z = Number.parseInt(host ? getComputedStyle(host).zIndex : '', 10)
      let last = ''
      const place = () => {
        const rect = box.getBoundingClientRect()
        const style = `position:fixed;border:none;display:block;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;z-index:${Number.isFinite(z) ? z + 1 : 999999};border-radius:12px`
        if (style !== last) element.style.cssText = last = style
        raf = requestAnimationFrame(place)
      }
      place()
      element.focus()
    })
    return () => {
      stopped = true
      cancelAnimationFrame(raf)
      if (frame) frame.style.display = 'none'
      rejectPendingApprovals()
    }
  }, [])

  return (
    <FrameSlot ref={slot} role="region" aria-label={t('approveFrame')}>
      <Spinner role="status" aria-label={t('loadingWallet')} />
    </FrameSlot>
  )
}
