/** The modal's icons, inline SVG: a few paths are lighter than an icon font or a fetch. */
import type { ComponentType } from 'react'

/**
 * A 16 px icon stroked along `path` (a 16-unit grid), decorative: the button around it is named.
 * @internal
 */
export function strokeIcon(path: string, strokeWidth = 2): ComponentType {
  return function StrokeIcon() {
    return (
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth={strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    )
  }
}

/** @internal */
export const BackIcon = strokeIcon('M10 3L5 8l5 5')

/** @internal */
export const CloseIcon = strokeIcon('M4 4l8 8M12 4l-8 8')
