import { useSignals, useComputed } from '@preact/signals-react/runtime'
import { getAccountState } from '../../../core/state/account'
import type { ChainNamespace } from '../../../core/types'
import { formatBalance, shortAddress } from '../../format'
import { copyAddress } from '../../kit/copy-address'
import { IconButton } from '../../kit/IconButton'
import { Text } from '../../kit/text'
import { Avatar } from './Avatar'
import { NameRow, ProfileBox } from './styles'
import { translator } from '../../../i18n/translate'
import commonEn from '../../../i18n/messages/en/common'

const c = translator('common', commonEn)

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M5 5V3h8v8h-2M3 5h8v8H3z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * The native balance as a bound signal: a new balance patches this text node only, without
 * re-rendering the view around it.
 */
function Balance({ namespace }: { namespace: ChainNamespace }) {
  const { balance, balanceSymbol } = getAccountState(namespace)
  const text = useComputed(() =>
    balance.value === undefined ? '' : formatBalance(balance.value, balanceSymbol.value ?? ''),
  )
  return (
    <Text tone="muted" data-balance="">
      {/* An amount with its symbol stays left to right in a right-to-left modal. */}
      <bdi>{text}</bdi>
    </Text>
  )
}

/**
 * Avatar, name (or short address) with a copy button, the embedded wallet's email (or username),
 * and the native balance.
 * @internal
 */
export function Profile({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const state = getAccountState(namespace)
  const address = state.address.value
  if (!address) return null
  const user = state.user.value
  return (
    <ProfileBox>
      <Avatar address={address} image={state.profileImage.value} />
      <NameRow>
        <bdi title={address}>{state.profileName.value ?? shortAddress(address)}</bdi>
        <IconButton type="button" aria-label={c('copyAddress')} onClick={() => void copyAddress(address)}>
          <CopyIcon />
        </IconButton>
      </NameRow>
      {(user?.email ?? user?.username) && (
        <Text tone="muted" data-user="">
          {user?.email ?? user?.username}
        </Text>
      )}
      <Balance namespace={namespace} />
    </ProfileBox>
  )
}
