/**
 * Where the modal goes when something happens besides the visitor's own clicks. Core emits the
 * moments (`core/lifecycle.ts`) and never navigates; this small policy decides:
 * - a connection made in the modal is done: the modal closes, unless a feature took it over
 *   (sign-in) or the visitor moved on meanwhile;
 * - the wallet is on a network the dapp does not support: UnsupportedChain (over the connection's
 *   view, or the modal opens at it when the wallet switched by itself), and back to Account once
 *   it is on a supported one;
 * - a connector shows its own screen (the embedded wallet's approval): the modal opens at it or
 *   pushes it, and when the connector has the answer the modal goes back (or closes if it opened
 *   for it). Closing the modal meanwhile tells the connector the visitor left.
 * Started by `createAppKit`.
 */
import { onCoreEvent } from '../core/lifecycle'
import { closeModal, modalState, openModal } from '../core/modal/modal'
import { currentView, goBack, pushView, resetView } from '../core/modal/router'
import {
  clearTransactionStack,
  popTransactionStack,
  pushTransactionStack,
  transactionStackSize,
} from '../core/modal/transaction-stack'
import type { Connector } from '../core/connector'
import { findConnector } from '../core/state/connectors'
import { findRequestedNetwork } from '../core/state/network'
import type { ViewName } from '../core/types'

let stop: (() => void) | undefined

/**
 * Starts following core's moments; a second call replaces the first (each `createAppKit`).
 *
 * @example
 * ```ts
 * startNavigation()
 * ```
 */
export function startNavigation(): void {
  stop?.()
  let viewAtConnect: ViewName | undefined
  const stops = [
    onCoreEvent('afterConnect', () => {
      viewAtConnect = currentView.peek()
    }),
    onCoreEvent('connectionSettled', ({ keptOpen }) => {
      if (!keptOpen && currentView.peek() === viewAtConnect) closeModal()
    }),
    onCoreEvent('unsupportedNetwork', ({ during }) => {
      if (during === 'walletSwitch') void openModal({ view: 'UnsupportedChain' })
      else if (modalState.open.peek()) resetView('UnsupportedChain')
    }),
    onCoreEvent('networkChanged', ({ caipNetworkId }) => {
      if (modalState.open.peek() && currentView.peek() === 'UnsupportedChain' && findRequestedNetwork(caipNetworkId))
        resetView('Account')
    }),
    ...followConnectorScreens(),
  ]
  stop = () => stops.forEach((unsubscribe) => unsubscribe())
}

/** Follows connectors' screens (the embedded wallet's approval); returns the unsubscribers. */
function followConnectorScreens(): (() => void)[] {
  // Connectors whose screen is showing, by id.
  const screens = new Set<string>()
  const onScreen = onCoreEvent('connectorScreen', (event) => {
    if (event.phase === 'open') {
      if (!event.view) return void (modalState.open.peek() || openModal())
      screens.add(event.connectorId)
      if (!modalState.open.peek()) return void openModal({ view: event.view })
      if (currentView.peek() === event.view) return
      // Back to where the visitor was once the connector has the answer.
      pushTransactionStack({ onSuccess: goBack })
      pushView(event.view)
      return
    }
    screens.delete(event.connectorId)
    // The visitor left (closed the modal or the view): nowhere to go back to.
    if (event.outcome === 'cancel' && (!modalState.open.peek() || currentView.peek() !== event.view))
      return clearTransactionStack()
    if (!modalState.open.peek()) return
    // Still on the connector's screen (a cancel from elsewhere: a refused method, a sign-out): the
    // entry's callback runs and the modal goes back (SPEC §4 "Transaction stack"), or closes.
    if (transactionStackSize() === 0) closeModal()
    else popTransactionStack(event.outcome)
  })
  // subscribe() calls at once with the current value: only a change from open to closed counts.
  let wasOpen = modalState.open.peek()
  const onModal = modalState.open.subscribe((open) => {
    if (wasOpen && !open && screens.size > 0) {
      for (const id of screens) (findConnector(id) as Partial<Connector> | undefined)?.leaveScreen?.()
      screens.clear()
      clearTransactionStack()
    }
    wasOpen = open
  })
  return [onScreen, onModal]
}
