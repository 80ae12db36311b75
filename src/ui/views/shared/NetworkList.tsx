import { useSignals } from '@preact/signals-react/runtime'
import { getAccountState } from '../../../core/state/account'
import { activeCaipNetwork, requestedNetworks } from '../../../core/state/network'
import { isNetworkApproved } from '../../../core/state/approved-networks'
import type { CaipNetwork } from '../../../core/types'
import { switchingTo } from '../../../core/wallet/switch-network'
import { requestNetworkSwitch } from './select-network'
import { NetworkBadge } from '../../kit/NetworkBadge'
import { List, ListItem } from '../../kit/rows'
import { Spinner } from '../../kit/Spinner'
import { Hint } from '../../kit/text'
import { styled } from '../../theme/stitches'
import { translator } from '../../../i18n/translate'
import networksEn from '../../../i18n/messages/en/networks'
import commonEn from '../../../i18n/messages/en/common'

const t = translator('networks', networksEn)
const c = translator('common', commonEn)

const Name = styled('span', { flex: 1, textAlign: 'start' })

/** Marks the active network for sighted visitors; `aria-current` says it to everyone else. */
const ActiveDot = styled('span', { width: '8px', height: '8px', borderRadius: '$full', background: '$success' })

const Row = styled(ListItem, {
  '&[aria-current="true"]': { boxShadow: 'inset 0 0 0 1px $colors$accent' },
  '&[aria-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed' },
})

interface RowProps {
  network: CaipNetwork
  active: boolean
  pending: boolean
  /** Another switch is waiting on the wallet; a second request would only be refused. */
  locked: boolean
  /** The wallet connected in the network's namespace did not approve it (SPEC §3 approvedCaipNetworkIds). */
  unapproved: boolean
}

function NetworkRow({ network, active, pending, locked, unapproved }: RowProps) {
  const disabled = locked || unapproved
  return (
    <li>
      <Row
        type="button"
        aria-current={active ? 'true' : undefined}
        // aria-disabled rather than disabled: the row the visitor just clicked keeps focus.
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) requestNetworkSwitch(network)
        }}
      >
        <NetworkBadge name={network.name} />
        <Name>{network.name}</Name>
        {pending && <Spinner aria-hidden="true" css={{ width: '16px', height: '16px', borderWidth: '2px' }} />}
        {/* Always rendered so screen readers announce the text when it appears. */}
        <Hint aria-live="polite">{pending ? c('approveInWallet') : unapproved ? t('notApproved') : ''}</Hint>
        {active && !pending && <ActiveDot aria-hidden="true" />}
      </Row>
    </li>
  )
}

/**
 * The dapp's networks; picking one opens the view that asks the wallet to switch (SPEC §4). Networks
 * the connected wallet did not approve cannot be picked.
 * Shared by SwitchNetwork and UnsupportedChain.
 * @internal
 */
export function NetworkList() {
  useSignals()
  const activeId = activeCaipNetwork.value?.caipNetworkId
  const switching = switchingTo.value
  return (
    <List aria-label={t('networks')}>
      {requestedNetworks.value.map((network) => (
        <NetworkRow
          key={network.caipNetworkId}
          network={network}
          active={network.caipNetworkId === activeId}
          pending={network.caipNetworkId === switching}
          locked={switching !== undefined}
          unapproved={
            getAccountState(network.chainNamespace).status.value === 'connected' && !isNetworkApproved(network)
          }
        />
      ))}
    </List>
  )
}
