import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { styled } from '../../theme/stitches'

const Circle = styled('span', {
  display: 'block',
  width: '64px',
  height: '64px',
  borderRadius: '$full',
  overflow: 'hidden',
  objectFit: 'cover',
})

/**
 * A gradient derived from the address, so an account without a profile picture still gets a mark
 * that is recognisably its own (and the same on every visit).
 * @internal
 */
export function addressGradient(address: string): string {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const hue = hash % 360
  return `linear-gradient(135deg, hsl(${hue} 80% 62%), hsl(${(hue + 70) % 360} 75% 45%))`
}

/**
 * The account's profile picture, or its address gradient when there is none or it fails to load.
 * Decorative: the name or address is shown beside it.
 * @internal
 */
export function Avatar({ address, image }: { address: string; image: string | undefined }) {
  useSignals()
  const broken = useSignal<string | undefined>(undefined)
  if (image && broken.value !== image) {
    return <Circle as="img" src={image} alt="" width={64} height={64} onError={() => (broken.value = image)} />
  }
  return <Circle aria-hidden="true" data-avatar="gradient" style={{ background: addressGradient(address) }} />
}
