/** A network's mark: its initial in a circle, beside its name. */
import { styled } from '../theme/stitches'

const Badge = styled('span', {
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '28px',
  height: '28px',
  borderRadius: '$full',
  background: '$surfaceHover',
  color: '$text',
  fontSize: '$sm',
  fontWeight: 600,
  // Drawn by CSS so the letter is not part of the row's text (a button reads "Localhost", not
  // "LLocalhost", to scripts and to anything that does not honour aria-hidden).
  '&::before': { content: 'attr(data-initial)' },
})

/**
 * A network's initial in a circle: a recognisable mark without shipping or fetching chain logos.
 * Decorative; the network's name is always next to it.
 * @internal
 */
export function NetworkBadge({ name }: { name: string }) {
  return <Badge aria-hidden="true" data-initial={name.trim().slice(0, 1).toUpperCase() || '?'} />
}
