import { useSignals, useComputed } from '@preact/signals-react/runtime'
import { getAccountState } from '../../../core/state/account'
import type { ChainNamespace } from '../../../core/types'
import { showErrorToast, showSuccessToast } from '../../../core/modal/toasts'
import { formatBalance, shortAddress } from '../../format'
import { IconButton } from '../../primitives'
import { Avatar } from './Avatar'
import { BalanceText, NameRow, ProfileBox } from './styles'

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M5 5V3h8v8h-2M3 5h8v8H3z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  )
}

async function copyAddress(address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address)
    showSuccessToast('Address copied')
  } catch {
    // Clipboard access can be refused (permissions, insecure context); say so instead of pretending.
    showErrorToast('Could not copy the address')
  }
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
  return <BalanceText data-balance="">{text}</BalanceText>
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
        <span title={address}>{state.profileName.value ?? shortAddress(address)}</span>
        <IconButton type="button" aria-label="Copy address" onClick={() => void copyAddress(address)}>
          <CopyIcon />
        </IconButton>
      </NameRow>
      {(user?.email ?? user?.username) && <BalanceText data-user="">{user?.email ?? user?.username}</BalanceText>}
      <Balance namespace={namespace} />
    </ProfileBox>
  )
}
