/** A button drawn as underlined text, for a quiet action inside a line ("Resend code", "Update email"). */
import { styled } from '../theme/stitches'

/** @internal */
export const TextButton = styled('button', {
  padding: '$1 $2',
  borderRadius: '$sm',
  // The text colour, underlined: the accent on the dark background is below 4.5:1 for small text.
  color: '$text',
  textDecoration: 'underline',
  fontSize: '$sm',
  fontWeight: 600,
  '&[disabled]': { color: '$textMuted', cursor: 'not-allowed' },
})
