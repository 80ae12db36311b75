import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace } from '../../../core/state/account'
import { FEATURES } from '../../../features'
import { ChunkSlot, lazyChunk } from '../../lazy-chunk'
import { refreshBalances, watchBalancesOnNewBlocks } from '../../../core/wallet/balances'
import { ActionRow } from '../../kit/ActionRow'
import { ViewBody } from '../../kit/ViewBody'
import { DisconnectButton } from '../shared/DisconnectButton'
import { NetworkButton } from './NetworkButton'
import { Profile } from './Profile'
import { AccountTabs } from './Tabs'
import { WalletFeatures } from './WalletFeatures'

/** The features' Account sections (the embedded wallet's settings), each its own chunk. */
const SECTIONS = FEATURES.flatMap((feature) =>
  feature.accountSection ? [{ ...feature.accountSection, chunk: lazyChunk(feature.accountSection.load) }] : [],
)

/** The wallets connected at once (multi-wallet), in a chunk of its own that loads with the view. */
const WALLETS = lazyChunk(() => import('./Wallets'))

/**
 * The connected account: who, how much, on which network, the wallet features (swap, receive,
 * send) and its tokens, NFTs and activity. Each part reads only
 * the signals it shows, so a balance or token update re-renders that part alone.
 * @internal
 */
export default function AccountView() {
  useSignals()
  const namespace = activeNamespace.value
  // Balances stay current while the visitor looks at them: a refresh on open, then one per block.
  useEffect(() => watchBalancesOnNewBlocks(), [])
  useEffect(() => {
    if (namespace) void refreshBalances(namespace)
  }, [namespace])
  if (!namespace) return null
  // Keyed: the parts bind to one namespace's signals when they mount, so another namespace gets
  // fresh parts rather than parts still bound to the old one.
  return (
    <ViewBody key={namespace} spacing="loose">
      <Profile namespace={namespace} />
      {SECTIONS.filter((section) => section.shownFor(namespace)).map((section, index) => (
        <ChunkSlot key={index} chunk={section.chunk} props={{ namespace }} />
      ))}
      <ActionRow>
        <NetworkButton />
      </ActionRow>
      <WalletFeatures namespace={namespace} />
      <AccountTabs namespace={namespace} />
      <ChunkSlot chunk={WALLETS} props={{ namespace }} />
      <DisconnectButton />
    </ViewBody>
  )
}
