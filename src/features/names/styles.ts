import { ListItem } from '../../ui/kit/rows'
import { styled } from '../../ui/theme/stitches'

/** The name field and its suffix on one line. @internal */
export const NameRow = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' })

/** The suffix every name ends with, beside the field. @internal */
export const Suffix = styled('span', { color: '$textMuted', fontSize: '$md', whiteSpace: 'nowrap' })

/** A suggested name: the name, and whether it is free or taken. @internal */
export const SuggestionItem = styled(ListItem, {
  justifyContent: 'space-between',
  minHeight: '40px',
  fontSize: '$sm',
  '&[disabled]': { cursor: 'not-allowed', color: '$textMuted', '&:hover': { background: '$surface' } },
})

/** A suggestion's state, at the end of its row. @internal */
export const SuggestionState = styled('span', { color: '$textMuted', fontSize: '$sm' })

/** The picture of the name just registered. @internal */
export const Picture = styled('img', { width: '64px', height: '64px', borderRadius: '$full', objectFit: 'cover' })

/** The name just registered, the view's main line. @internal */
export const ChosenName = styled('p', {
  margin: 0,
  color: '$text',
  fontSize: '$lg',
  fontWeight: 600,
  overflowWrap: 'anywhere',
})
