/**
 * A stand-in for WalletConnect's universal provider in unit tests: `UniversalProvider.init`
 * returns it, each `connect()` announces `uri` (a new pairing) and waits until the test plays the
 * wallet and approves or rejects. It can also play a start that fails (`failNextInit`) and a relay
 * that does not answer (`setRelayReachable(false)`: pairings wait without a code). Counts its
 * pairings and inits.
 */
import { UniversalProvider } from '@walletconnect/universal-provider'

/** The account the fake wallet grants, on eip155:1. */
export const FAKE_WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export interface FakeUniversalProvider {
  provider: { session: unknown }
  /** How many pairings `connect()` has started. */
  pairings(): number
  /** How many times `UniversalProvider.init` was called. */
  inits(): number
  /** How many relay sockets of failed Cores were closed. */
  failedCoreSocketsClosed(): number
  /** The wallet approves the latest pairing with one eip155 account. */
  walletApproves(): void
  /** The wallet answers the latest pairing with this error. */
  walletRejects(error: unknown): void
  /**
   * The next `UniversalProvider.init` throws this error, as a Core whose start failed does: it has
   * already put itself in `globalThis` as WalletConnect's page-wide Core (with a relay socket).
   */
  failNextInit(error: Error): void
  /** While unreachable, a pairing waits and shows no code; reachable again, it shows its code. */
  setRelayReachable(reachable: boolean): void
}

/** Installs the fake as what `UniversalProvider.init` resolves with. */
export function installFakeUniversalProvider(uri: string): FakeUniversalProvider {
  const listeners = new Map<string, (...args: any[]) => void>()
  let answer: { resolve(session: unknown): void; reject(error: unknown): void } = {
    resolve: () => undefined,
    reject: () => undefined,
  }
  let pairings = 0
  let inits = 0
  let initError: Error | undefined
  let reachable = true
  let waitingForRelay: (() => void) | undefined
  const failedCore = { socketsClosed: 0 }
  const provider = {
    session: undefined as unknown,
    on: (event: string, listener: (...args: any[]) => void) => listeners.set(event, listener),
    removeListener: () => undefined,
    disconnect: async () => undefined,
    request: async () => undefined,
    connect: () => {
      pairings++
      const showCode = () => listeners.get('display_uri')?.(uri)
      if (reachable) showCode()
      else waitingForRelay = showCode
      return new Promise((resolve, reject) => {
        answer = { resolve, reject }
      })
    },
  }
  ;(UniversalProvider as unknown as { init: () => Promise<unknown> }).init = async () => {
    inits++
    if (initError) {
      const error = initError
      initError = undefined
      const scope = globalThis as Record<string, unknown>
      scope['_walletConnectCore_'] = { relayer: { transportClose: async () => void (failedCore.socketsClosed += 1) } }
      scope['_walletConnectCore__count'] = ((scope['_walletConnectCore__count'] as number) ?? 0) + 1
      throw error
    }
    return provider
  }
  return {
    provider,
    pairings: () => pairings,
    inits: () => inits,
    failedCoreSocketsClosed: () => failedCore.socketsClosed,
    walletApproves() {
      provider.session = {
        topic: 't',
        namespaces: { eip155: { accounts: [`eip155:1:${FAKE_WALLET_ADDRESS}`] } },
        peer: { metadata: { name: 'Test Wallet' } },
      }
      answer.resolve(provider.session)
    },
    walletRejects: (error) => answer.reject(error),
    failNextInit(error) {
      initError = error
    },
    setRelayReachable(value) {
      reachable = value
      if (value) {
        waitingForRelay?.()
        waitingForRelay = undefined
      }
    },
  }
}
