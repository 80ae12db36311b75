import type { CSSProperties } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import type { WalletListing } from '../../../core/types'
import type { WalletEntry } from './store'
import { WalletInitial, WalletLogo } from '../../primitives'
import { Name, Row, Tag } from './styles'

/** The row's accessible name: what a screen reader says before the position in the list. @internal */
export function entryLabel(entry: WalletEntry): string {
  if (entry.connector) return `${entry.wallet.name}, installed`
  return entry.recommended ? `${entry.wallet.name}, recommended` : entry.wallet.name
}

function ListingLogo({ wallet, imageUrl }: { wallet: WalletListing; imageUrl: (imageId: string) => string }) {
  useSignals()
  // A broken image would show the browser's broken-image icon; the initial reads better.
  const failed = useSignal(false)
  if (!wallet.image_id || failed.value)
    return <WalletInitial aria-hidden="true">{wallet.name.slice(0, 1).toUpperCase()}</WalletInitial>
  return (
    // Lazy on top of the virtualisation: a row rendered in the overscan, just out of sight,
    // still does not fetch its image until it scrolls in.
    <WalletLogo
      loading="lazy"
      decoding="async"
      src={imageUrl(wallet.image_id)}
      alt=""
      width={40}
      height={40}
      onError={() => {
        failed.value = true
      }}
    />
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
  const tag = entry.connector ? 'Installed' : entry.recommended ? 'Recommended' : undefined
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
      <ListingLogo key={entry.wallet.id} wallet={entry.wallet} imageUrl={imageUrl} />
      <Name>{entry.wallet.name}</Name>
      {/* The space keeps name and tag two words for tools that read the visible text. */}
      {tag && ' '}
      {tag && <Tag>{tag}</Tag>}
    </Row>
  )
}
