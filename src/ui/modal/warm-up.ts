import { rehearseModal } from './rehearse'
import { darkTheme } from '../theme/stitches'

/**
 * Lays out a line in each of the modal's type styles (its three sizes, regular and bold) inside the
 * prepared modal container, hidden, and removes it. The browser resolves a font (the family's
 * fallback, its weight and size) the first time it lays text out in it: on a throttled CPU that was
 * most of the first open's layout (15 of the click's 90 ms at 6x). The modal's preload runs this
 * and {@link rehearseModal} once the root is made, by importing this module (so the calls cost page
 * load no bytes), and the click finds the fonts resolved and the render's code compiled.
 * @internal
 */
export function warmModalType(): void {
  const container = document.querySelector('sigkit-modal')?.shadowRoot?.querySelector('div')
  if (!container || container.childElementCount) return
  const probe = document.createElement('p')
  probe.style.cssText = 'position:fixed;visibility:hidden;margin:0'
  for (const size of ['sm', 'md', 'lg'] as const)
    for (const weight of [400, 600]) {
      const line = probe.appendChild(document.createElement('span'))
      line.style.fontFamily = darkTheme.fonts.body.computedValue
      line.style.fontSize = darkTheme.fontSizes[size].computedValue
      line.style.fontWeight = String(weight)
      line.textContent = 'Connect Wallet 0x12'
    }
  container.append(probe)
  void probe.offsetWidth
  probe.remove()
}

warmModalType()
rehearseModal()
