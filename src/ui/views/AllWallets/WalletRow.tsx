import { useRef, useState, type CSSProperties } from 'react'
import { walletEntryName, type WalletEntry } from '../../../headless/wallet-list'
import { logoLoaded, queueLogo } from './logos'
import { WalletInitial, WalletLogo } from '../../kit/WalletLogo'
import { LogoFrame, Name, Row, Tag } from './styles'
import { translator } from '../../../i18n/translate'
import allWalletsEn from '../../../i18n/messages/en/allWallets'
import connectEn from '../../../i18n/messages/en/connect'

const t = translator('allWallets', allWalletsEn)
const w = translator('connect', connectEn)

/** The row's accessible name: what a screen reader says before the position in the list. @internal */
export function entryLabel(entry: WalletEntry): string {
  const name = walletEntryName(entry)
  if (entry.connector) return t('installedLabel', { name })
  return entry.recommended ? t('recommendedLabel', { name }) : name
}

/**
 * A ref that queues the logo when the <img> is attached and drops it when the row goes (see
 * ./logos): the source is set on the element, not rendered, so a logo starting or arriving
 * renders nothing.
 */
function logoRef(url: string): (image: HTMLImageElement | null) => void {
  let cancel: (() => void) | undefined
  return (image) => {
    cancel?.()
    cancel = undefined
    if (!image) return
    cancel = queueLogo(url, () => {
      image.src = url
      // Seen before and still in the browser's memory: shown in this frame, without the initial.
      if (image.complete && image.naturalWidth > 0) image.dataset['loaded'] = ''
    })
  }
}

function ListingLogo({ name, url }: { name: string; url: string | undefined }) {
  // A broken image would show the browser's broken-image icon; the initial reads better.
  const [failed, setFailed] = useState(false)
  const ref = useRef<((image: HTMLImageElement | null) => void) | undefined>(undefined)
  // Always there, under the logo: the row looks the same before, during and after it loads.
  const initial = <WalletInitial aria-hidden="true">{name.slice(0, 1).toUpperCase()}</WalletInitial>
  if (!url || failed) return <LogoFrame>{initial}</LogoFrame>
  ref.current ??= logoRef(url)
  return (
    <LogoFrame>
      {/* Its fixed size, and transparent until it has loaded: it moves nothing when it arrives. */}
      <WalletLogo
        ref={ref.current}
        decoding="async"
        alt=""
        width={40}
        height={40}
        onLoad={(event) => {
          event.currentTarget.dataset['loaded'] = ''
          logoLoaded(url)
        }}
        onError={() => setFailed(true)}
      />
      {initial}
    </LogoFrame>
  )
}

interface WalletRowProps {
  entry: WalletEntry
  index: number
  /** Rows the whole list holds (some may not be loaded yet). */
  setSize: number
  /** The one row Tab reaches (roving tabindex). */
  current: boolean
  style: CSSProperties
  imageUrl: (imageId: string) => string
  onPick(index: number): void
  onFocusRow(index: number): void
}

/**
 * One wallet of the virtual list: an option whose position and set size tell assistive
 * technology where it sits in the full list, not just among the rendered rows.
 * @internal
 */
export function WalletRow({ entry, index, setSize, current, style, imageUrl, onPick, onFocusRow }: WalletRowProps) {
  const name = walletEntryName(entry)
  const tag = entry.connector ? w('installed') : entry.recommended ? w('recommended') : undefined
  // An installed wallet's own icon (its announcement), as its name; else the listing's logo.
  const url = entry.connector?.imageUrl ?? (entry.wallet.image_id ? imageUrl(entry.wallet.image_id) : undefined)
  return (
    <Row
      role="option"
      data-index={index}
      tabIndex={current ? 0 : -1}
      // Selection follows focus: the focused wallet is the one Enter connects.
      aria-selected={current}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-label={entryLabel(entry)}
      style={style}
      onClick={() => onPick(index)}
      onFocus={() => onFocusRow(index)}
    >
      <ListingLogo key={url ?? entry.wallet.id} name={name} url={url} />
      <Name title={name}>{name}</Name>
      {/* The space keeps name and tag two words for tools that read the visible text. */}
      {tag && ' '}
      {tag && <Tag>{tag}</Tag>}
    </Row>
  )
}
