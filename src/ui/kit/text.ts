/**
 * The modal's text scale: a view's heading, its paragraphs, small muted hints, and error messages,
 * in the theme's sizes (sm, md, lg) and text colours.
 */
import { styled } from '../theme/stitches'

/** A view's heading: what it is about, above its text. @internal */
export const Heading = styled('h3', { margin: 0, color: '$text', fontSize: '$lg', fontWeight: 600 })

/**
 * A paragraph at the body size. `tone` muted for what explains rather than tells, error for what
 * went wrong; `size` sm for notes and captions; `centered` where the view's own text is not.
 * @internal
 */
export const Text = styled('p', {
  margin: 0,
  color: '$text',
  fontSize: '$md',
  variants: {
    tone: { muted: { color: '$textMuted' }, error: { color: '$error' } },
    size: { sm: { fontSize: '$sm' } },
    centered: { true: { textAlign: 'center' } },
  },
})

/**
 * A small muted line beside or under a control (an estimate, a limit, "Approve in wallet"). It
 * keeps its line's height while empty, so a hint that appears later moves nothing.
 * @internal
 */
export const Hint = styled('span', { minHeight: '1.2em', color: '$textMuted', fontSize: '$sm' })

/** What went wrong, after a form's fields or a view's text. @internal */
export const ErrorText = styled(Text, { defaultVariants: { tone: 'error' } })

/**
 * What went wrong in a sign-in step (email, code, social login), small and centred under
 * the field or code it is about.
 * @internal
 */
export const ErrorNote = styled(ErrorText, { marginTop: '$2', fontSize: '$sm', textAlign: 'center' })
