/**
 * The parts of a windowed list (All Wallets, Activity): only the rows in view are in the DOM, each
 * placed at its offset inside a box as tall as the whole list, in a box that scrolls.
 */
import { styled } from '../theme/stitches'

/** The list's scroll box; scrolling past its ends does not scroll the modal behind it. @internal */
export const WindowScroller = styled('div', { position: 'relative', overflowY: 'auto', overscrollBehavior: 'contain' })

/** A row at its offset in the list (its `top`, set inline), the list's full width. @internal */
export const WindowRow = styled('div', { position: 'absolute', insetInline: 0 })
