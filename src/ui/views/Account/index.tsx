import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace } from '../../../core/state/account'
import { featuresState } from '../../../core/config/features'
import { SEND_NAMESPACES } from '../../../core/limits'
import { pushView } from '../../../core/modal/router'
import type { ChainNamespace } from '../../../core/types'
import { refreshBalances, watchBalancesOnNewBlocks } from '../../../core/wallet'
import { Button } from '../../primitives/Button'
import { DisconnectButton } from '../shared/DisconnectButton'
import { NetworkButton } from './NetworkButton'
import { Profile } from './Profile'
import { AccountTabs } from './Tabs'
import { Actions, Body } from './styles'

/** Swap is offered when the feature is on, on EVM (its view tells which networks swap). */
function SwapButton({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  if (!featuresState.value.swaps || namespace !== 'eip155') return null
  return (
    <Button type="button" onClick={() => pushView('Swap')}>
      Swap
    </Button>
  )
}

/** Send is offered when the feature is on and the namespace can send. */
function SendButton({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  if (!featuresState.value.send || !SEND_NAMESPACES.includes(namespace)) return null
  return (
    <Button type="button" onClick={() => pushView('Send')}>
      Send
    </Button>
  )
}

/**
 * The connected account: who, how much, on which network, and its tokens. Each part reads only
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
    <Body key={namespace}>
      <Profile namespace={namespace} />
      <Actions>
        <NetworkButton />
        <SwapButton namespace={namespace} />
        <SendButton namespace={namespace} />
      </Actions>
      <AccountTabs namespace={namespace} />
      <DisconnectButton />
    </Body>
  )
}
