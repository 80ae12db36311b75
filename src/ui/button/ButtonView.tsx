import { useSignals } from '@preact/signals-react/runtime'
import '../signals-binding'
import { activeAddress, activeBalance, activeNamespace, getAccountState, isConnected } from '../../core/state/account'
import { connectionState } from '../../core/state/connection'
import { modalState, openModal, preloadModal } from '../../core/modal/modal'
import { formatBalance, shortAddress } from '../format'
import { localeState, translator } from '../../i18n/translate'
import { isRightToLeft } from '../../i18n/locales'
import english from '../../i18n/messages/en/button'

const t = translator('button', english)

/** Options of `<AppKitButton/>`, and the attributes of `<appkit-button>`. */
export interface AppKitButtonProps {
  /** Text while disconnected. Default "Connect Wallet" (message `button.connect`, in the locale). */
  label?: string
  /** Text while a connection is being made. Default "Connecting..." (message `button.connecting`). */
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
export function ButtonView({ label, loadingLabel, balance = 'show', disabled }: AppKitButtonProps) {
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
  const locale = localeState.tag.value
  return (
    <button
      type="button"
      part="button"
      lang={locale}
      dir={isRightToLeft(locale) ? 'rtl' : undefined}
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
          <bdi className="address">{name || shortAddress(address)}</bdi>
        </>
      ) : connecting ? (
        (loadingLabel ?? t('connecting'))
      ) : (
        (label ?? t('connect'))
      )}
    </button>
  )
}
