import type { ReactNode } from 'react'
import type { SocialProvider } from '../../core/types'

// Each mark is drawn here on a 24-unit grid in the brand's colours: simple shapes a visitor
// recognises, inline so the modal makes no image request. The black marks (X, Apple, GitHub)
// sit on a black tile so they show on the dark theme too.

const tile = (fill: string) => <rect width="24" height="24" rx="6" fill={fill} />

const marks: Record<SocialProvider, ReactNode> = {
  google: (
    <g fill="none" strokeWidth="4">
      <path d="M17 7a7 7 0 0 0-11 1.5" stroke="#ea4335" />
      <path d="M6 8.5a7 7 0 0 0 0 7" stroke="#fbbc05" />
      <path d="M6 15.5a7 7 0 0 0 11 1.5" stroke="#34a853" />
      <path d="M12 12h7a7 7 0 0 1-2 5" stroke="#4285f4" />
    </g>
  ),
  x: (
    <>
      {tile('#000')}
      <path d="M6 6h3.6l8.4 12h-3.6z" fill="#fff" />
      <path d="M6.6 18 17.4 6" stroke="#fff" strokeWidth="1.4" />
    </>
  ),
  farcaster: (
    <>
      {tile('#855dcd')}
      <path d="M6 6h12v12h-3v-5a3 3 0 0 0-6 0v5H6z" fill="#fff" />
    </>
  ),
  discord: (
    <>
      {tile('#5865f2')}
      <path
        d="M6 8c4-2.7 8-2.7 12 0 1.2 2.6 1.6 5.3 1.3 8-1.3 1-2.7 1.7-4 2l-1-1.6a9 9 0 0 1-4.6 0l-1 1.6c-1.3-.3-2.7-1-4-2-.3-2.7.1-5.4 1.3-8z"
        fill="#fff"
      />
      <circle cx="9.5" cy="13" r="1.4" fill="#5865f2" />
      <circle cx="14.5" cy="13" r="1.4" fill="#5865f2" />
    </>
  ),
  apple: (
    <>
      {tile('#000')}
      <g fill="#fff" transform="matrix(1.3 0 0 1.3 -3.6 -3.4)">
        <path d="M12 9.2c-1.4-1-3.6-.9-4.7.8-1.3 2-.6 5.6 1.3 7.6.8.8 1.6.9 2.3.6.7-.3 1.5-.3 2.2 0 .7.3 1.5.2 2.3-.6.6-.6 1.1-1.4 1.4-2.2a2.8 2.8 0 0 1-.4-5c-1.1-1.7-3.2-2.1-4.4-1.2z" />
        <path d="M12.2 8.4c0-1.6 1-2.8 2.6-3 0 1.6-1 2.8-2.6 3z" />
      </g>
    </>
  ),
  github: (
    <>
      {tile('#181717')}
      <path
        d="M7 11c0-1 .3-1.8.9-2.5-.2-.9 0-1.8.3-2.5 1 0 1.9.6 2.4 1.1a6 6 0 0 1 2.8 0c.5-.5 1.4-1.1 2.4-1.1.3.7.5 1.6.3 2.5.6.7.9 1.5.9 2.5 0 2.6-1.8 3.8-5 3.8S7 13.6 7 11z"
        fill="#fff"
      />
      <path
        d="M10.5 15v3.5m3-3.5v3.5M10.5 16.5c-1.5.4-2.5-.3-3-1.3"
        stroke="#fff"
        strokeWidth="1.4"
        strokeLinecap="round"
        fill="none"
      />
    </>
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="11" fill="#1877f2" />
      <path
        d="M13.3 23v-8.5h2.5l.4-3h-2.9V9.8c0-.9.3-1.4 1.5-1.4h1.5V5.7a19 19 0 0 0-2.2-.1c-2.2 0-3.7 1.3-3.7 3.8v2.1H8v3h2.4V23z"
        fill="#fff"
      />
    </>
  ),
}

/**
 * A provider's logo, decorative: the button around it carries the provider's name.
 * @internal
 */
export function SocialLogo({ provider, size = 24 }: { provider: SocialProvider; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      {marks[provider]}
    </svg>
  )
}
