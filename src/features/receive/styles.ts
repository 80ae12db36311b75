import { Note } from '../../ui/kit/Note'
import { styled } from '../../ui/theme/stitches'

/** @internal */
export const AddressText = styled('p', {
  margin: 0,
  maxWidth: '100%',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '$md',
  color: '$text',
  textAlign: 'center',
  overflowWrap: 'anywhere',
  userSelect: 'all',
})

/** @internal */
export const SectionTitle = styled('h3', {
  margin: '$2 0',
  color: '$textMuted',
  fontSize: '$sm',
  fontWeight: 600,
  textAlign: 'center',
})

/** The smart-account warning above its networks. @internal */
export const WarningNote = styled(Note, { marginBottom: '$2', boxShadow: 'inset 0 0 0 1px $colors$warning' })

/** @internal */
export const NetworkItems = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '$2',
})

/** @internal */
export const NetworkItem = styled('li', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$1 $3 $1 $1',
  borderRadius: '$full',
  background: '$surface',
  color: '$text',
  fontSize: '$sm',
})
