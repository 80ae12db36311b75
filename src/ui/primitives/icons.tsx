/** A 16 px stroked icon: a few paths are lighter than an icon font or a fetch. */
const strokeIcon = (path: string) =>
  function StrokeIcon() {
    return (
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    )
  }

/** @internal */
export const BackIcon = strokeIcon('M10 3L5 8l5 5')

/** @internal */
export const CloseIcon = strokeIcon('M4 4l8 8M12 4l-8 8')
