/**
 * The core's lifecycle events: the seam between core and the optional features. Core emits the
 * moments a feature may care about; a feature subscribes when its chunk loads and reacts (send
 * empties its form on a network change, SIWX asks for a signature after a connection). Core never
 * imports a feature, so a new section plugs in here instead of editing the connection code.
 *
 * Closing the modal has its own veto, {@link addCloseGuard} in `modal/modal.ts`, since it is asked
 * synchronously by the modal itself.
 */
import type { ChainNamespace, ViewName } from './types'
import { log } from '../lib/logger'

/** The events and their payloads. */
export interface CoreEvents {
  /**
   * A namespace got an account: a new connection or, with `restored`, a session brought back
   * after a reload. Also emitted for each namespace of a WalletConnect session.
   */
  connected: { namespace: ChainNamespace; address: string; connectorId: string; restored: boolean }
  /**
   * A connection the visitor made in the open modal is done and core is about to close it. A
   * feature with a next step (sign-in) passes `keepOpen` a promise that resolves true when it took
   * the modal over; core then leaves it open.
   */
  afterConnect: { namespace: ChainNamespace; keepOpen(decision: Promise<boolean>): void }
  /**
   * A connection made in the open modal is done: `keptOpen` when a feature took the modal over in
   * `afterConnect`. The UI closes the modal otherwise.
   */
  connectionSettled: { namespace: ChainNamespace; keptOpen: boolean }
  /**
   * The wallet is on a network the dapp does not support (and switching is on, unsupported chains
   * not allowed): right after connecting in the modal, or because the wallet switched. The UI shows
   * UnsupportedChain.
   */
  unsupportedNetwork: {
    namespace: ChainNamespace
    caipNetworkId: string | undefined
    during: 'connect' | 'walletSwitch'
  }
  /**
   * A connector shows its own screen inside the modal (the embedded wallet's approval screen) and
   * waits for the visitor there; `done` when it has the answer (`outcome`). The UI shows `view`
   * (without one, the modal only opens where it is).
   */
  connectorScreen:
    | { connectorId: string; view?: ViewName; phase: 'open' }
    | { connectorId: string; view: ViewName; phase: 'done'; outcome: 'success' | 'error' | 'cancel' }
  /**
   * The identity lookup of the account failed (SPEC §8): its picture is cleared, and the name is
   * to be looked up another way (the names feature's reverse lookup). Awaited by the lookup.
   */
  identityUnavailable: { namespace: ChainNamespace; address: string }
  /** The wallet switched to another account of the same namespace. */
  accountChanged: { namespace: ChainNamespace; address: string }
  /** A namespace's network changed (the wallet switched, or a switch the visitor asked for). */
  networkChanged: { namespace: ChainNamespace; caipNetworkId: string }
  /**
   * The visitor asked to disconnect these accounts. Handlers may return a promise (sign-out on the
   * dapp's server); the disconnect waits for it, and a rejection is logged, never thrown.
   */
  disconnecting: { namespace: ChainNamespace; address: string | undefined }
  /** A namespace's account is gone (disconnect, the wallet ended the session, or a failed restore). */
  namespaceCleared: { namespace: ChainNamespace; address: string | undefined }
  /**
   * A transaction the connected account sent (Send view, Swap, or the dapp's provider) has its
   * hash and is waiting to be mined: activity shows it as pending.
   */
  transactionSent: { namespace: ChainNamespace; hash: string; caipNetworkId: string }
  /**
   * A transaction sent by the connected account was mined. `replacedHash`: the hash it was sent
   * with, when the wallet replaced it (sped up or repriced) and `hash` is the one that was mined.
   */
  transactionConfirmed: {
    namespace: ChainNamespace
    hash: string
    status: 'success' | 'reverted'
    replacedHash?: string
  }
}

/** A name of {@link CoreEvents}. */
export type CoreEventName = keyof CoreEvents

/** Reacts to one event; may return a promise where the event says it is waited for. */
export type CoreEventHandler<Name extends CoreEventName> = (event: CoreEvents[Name]) => void | Promise<unknown>

// Handlers are stored per name; the functions below keep each set to its own event's type.
const handlers = new Map<CoreEventName, Set<CoreEventHandler<never>>>()

/**
 * Subscribes to a core event.
 *
 * @returns a function that unsubscribes.
 * @example
 * ```ts
 * // In a feature's controller: the form belongs to the network it was filled for.
 * onCoreEvent('networkChanged', () => resetSend())
 * ```
 */
export function onCoreEvent<Name extends CoreEventName>(name: Name, handler: CoreEventHandler<Name>): () => void {
  let set = handlers.get(name)
  if (!set) handlers.set(name, (set = new Set()))
  set.add(handler as CoreEventHandler<never>)
  return () => {
    set.delete(handler as CoreEventHandler<never>)
  }
}

/**
 * Emits a core event to every subscriber. A throwing or rejecting handler is logged and never
 * reaches core or the other handlers.
 *
 * @returns a promise that settles once every handler's returned promise has.
 * @internal core emits; features only subscribe.
 */
export function emitCoreEvent<Name extends CoreEventName>(name: Name, event: CoreEvents[Name]): Promise<void> {
  const pending: Promise<unknown>[] = []
  for (const handler of [...(handlers.get(name) ?? [])] as CoreEventHandler<Name>[]) {
    try {
      const result = handler(event)
      if (result) pending.push(result.catch((error) => logFailure(name, error)))
    } catch (error) {
      logFailure(name, error)
    }
  }
  return Promise.all(pending).then(() => undefined)
}

function logFailure(name: CoreEventName, error: unknown): void {
  log('error', `${name} handler failed`, error)
}
