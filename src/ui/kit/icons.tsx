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

/**
 * WalletConnect's mark, its bridge over a wave, white on its blue; it fills a logo's box (40 px).
 * Decorative: the row beside it says "WalletConnect".
 * @internal
 */
export function WalletConnectIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" fill="#3396ff" />
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M11 16.5a13 13 0 0 1 18 0" />
        <path d="M7.5 20.5l5.5 5.5 7-7 7 7 5.5-5.5" />
      </g>
    </svg>
  )
}

/**
 * "Every wallet": four tiles in the text colour, for the All Wallets row (40 px, on the box of a
 * wallet without a logo). Decorative: the row beside it says "All Wallets".
 * @internal
 */
export function AllWalletsIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" fill="currentColor">
      <rect x="11" y="11" width="8" height="8" rx="2" />
      <rect x="21" y="11" width="8" height="8" rx="2" />
      <rect x="11" y="21" width="8" height="8" rx="2" />
      <rect x="21" y="21" width="8" height="8" rx="2" />
    </svg>
  )
}
