import { useEffect, useRef } from 'react'
import { useSignal } from '@preact/signals-react/runtime'
import { closeModal } from '../../../core/modal/modal'
import { goBackToIndex, routerState } from '../../../core/modal/router'
import { activeNamespace } from '../../../core/state/account'
import { connectedConnector } from '../../../core/state/connection'
import { activeCaipNetwork, isNetworkSupported } from '../../../core/state/network'
import { switchNetwork } from '../../../core/wallet/switch-network'
import type { CaipNetwork } from '../../../core/types'
import { describeWalletError, isUserRejection } from '../../../lib/wallet-errors'
import { Button } from '../../kit/Button'
import { NetworkBadge } from '../../kit/NetworkBadge'
import { Spinner } from '../../kit/Spinner'
import { Heading } from '../../kit/text'
import { ConnectingBody, IconFrame, Status } from '../ConnectingExternal/styles'
import { translateText, translator } from '../../../i18n/translate'
import networksEn from '../../../i18n/messages/en/networks'
import commonEn from '../../../i18n/messages/en/common'

const t = translator('networks', networksEn)
const c = translator('common', commonEn)

/**
 * Where the modal goes once the switch is done: closed when the old network was not one the dapp
 * supports (SPEC §4), else back to the view the network was chosen from (below this view and the
 * list it was picked in); closed when there is none (the dapp opened the modal at this view).
 */
function leaveAfterSwitch(oldWasSupported: boolean): void {
  const history = routerState.history.peek()
  let index = history.length - 1
  while (index >= 0 && history[index]?.view === 'SwitchNetwork') index--
  if (!oldWasSupported || index < 0) closeModal()
  else goBackToIndex(index)
}

/**
 * Asks the wallet to switch to `network` and waits: "Approve in wallet" while it prompts (the
 * embedded wallet switches without a prompt, so it says what it does), then back where the visitor
 * came from; a refusal or failure says so, with Try again. Back leaves; a wallet that answers later
 * still switches, but the modal no longer moves.
 * @internal
 */
export function SwitchApproval({ network }: { network: CaipNetwork }) {
  const failure = useSignal<string | undefined>(undefined)
  const bodyRef = useRef<HTMLDivElement>(null)
  const mounted = useRef(true)
  // Only the latest attempt's outcome counts (StrictMode's second mount starts one more).
  const attempt = useRef(0)
  // The embedded wallet has no prompt for a switch: it just switches.
  const embedded = connectedConnector(activeNamespace.peek())?.type === 'auth'

  const start = () => {
    failure.value = undefined
    const mine = ++attempt.current
    const current = () => mounted.current && attempt.current === mine
    const oldWasSupported = isNetworkSupported(activeCaipNetwork.peek())
    // Core joins a switch to the same network in flight (StrictMode's second mount).
    switchNetwork(network).then(
      () => {
        if (current()) leaveAfterSwitch(oldWasSupported)
      },
      (error: unknown) => {
        if (!current()) return
        failure.value = isUserRejection(error) ? t('declinedReason') : describeWalletError(error)
      },
    )
  }
  useEffect(() => {
    mounted.current = true
    start()
    return () => {
      mounted.current = false
    }
  }, [])
  // Keyboard users land on the way forward when the wallet said no.
  const failed = failure.value !== undefined
  useEffect(() => {
    if (failed) bodyRef.current?.querySelector('button')?.focus()
  }, [failed])

  return (
    <ConnectingBody ref={bodyRef} centered centerText>
      <IconFrame>
        <NetworkBadge name={network.name} />
        {!failed && (
          <Spinner aria-hidden="true" css={{ position: 'absolute', inset: 0, width: 'auto', height: 'auto' }} />
        )}
      </IconFrame>
      <Heading>
        {failed ? t('switchDeclined') : embedded ? t('switchingTo', { name: network.name }) : c('approveInWallet')}
      </Heading>
      <Status role="status" aria-live="polite" tone={failed ? 'error' : 'muted'}>
        {failure.value !== undefined ? translateText(failure.value) : embedded ? '' : t('acceptRequest')}
      </Status>
      {failed && (
        <Button type="button" onClick={start}>
          {c('tryAgain')}
        </Button>
      )}
    </ConnectingBody>
  )
}
