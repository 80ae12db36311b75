import { useSignals } from '@preact/signals-react/runtime'
import '../signals-binding'
import { activeAddress, activeBalance, activeNamespace, getAccountState, isConnected } from '../../core/state/account'
import { connectionState } from '../../core/state/connection'
import { modalState, openModal, preloadModal } from '../../core/modal/modal'
import { formatBalance, shortAddress } from '../format'

/** Options of `<AppKitButton/>`, and the attributes of `<appkit-button>`. */
export interface AppKitButtonProps {
  /** Text while disconnected. Default "Connect Wallet". */
  label?: string
  /** Text while a connection is being made. Default "Connecting...". */
  loadingLabel?: string
  /** Whether the connected button shows the native balance. Default "show". */
  balance?: 'show' | 'hide'
  disabled?: boolean
}

/**
 * The connect button's content: "Connect Wallet" while disconnected, the balance and the account's
 * name (or short address) once connected. Shared by `<AppKitButton/>` and the `<appkit-button>` element.
 * @internal
 */
export function ButtonView({
  label = 'Connect Wallet',
  loadingLabel = 'Connecting...',
  balance = 'show',
  disabled,
}: AppKitButtonProps) {
  useSignals()
  const address = activeAddress.value
  const connected = isConnected.value && Boolean(address)
  const status = connectionState.status.value
  // A click's connection, or the page load's restore of the previous one.
  const connecting = !connected && (status === 'connecting' || status === 'reconnecting')
  const shownBalance = activeBalance.value
  // The account's name (registered, or from the identity service) in place of its address.
  const namespace = activeNamespace.value
  const name = namespace && getAccountState(namespace).profileName.value
  return (
    <button
      type="button"
      part="button"
      disabled={disabled}
      aria-haspopup="dialog"
      aria-expanded={modalState.open.value}
      aria-busy={connecting || undefined}
      data-connected={connected || undefined}
      onClick={() => openModal()}
      // A pointer on its way (a touch starting fires it too) or focus announce the click: fetch
      // the modal now.
      onPointerEnter={preloadModal}
      onFocus={preloadModal}
    >
      {connected && address ? (
        <>
          {balance === 'show' && shownBalance && (
            <span className="balance">{formatBalance(shownBalance.value, shownBalance.symbol)} </span>
          )}
          <span className="address">{name || shortAddress(address)}</span>
        </>
      ) : connecting ? (
        loadingLabel
      ) : (
        label
      )}
    </button>
  )
}
