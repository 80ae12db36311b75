/**
 * A stand-in for WalletConnect's universal provider in unit tests: `UniversalProvider.init`
 * returns it, each `connect()` announces `uri` (a new pairing) and waits until the test plays the
 * wallet and approves. Counts its pairings.
 */
import { UniversalProvider } from '@walletconnect/universal-provider'

/** The account the fake wallet grants, on eip155:1. */
export const FAKE_WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export interface FakeUniversalProvider {
  provider: { session: unknown }
  /** How many pairings `connect()` has started. */
  pairings(): number
  /** The wallet approves the latest pairing with one eip155 account. */
  walletApproves(): void
}

/** Installs the fake as what `UniversalProvider.init` resolves with. */
export function installFakeUniversalProvider(uri: string): FakeUniversalProvider {
  const listeners = new Map<string, (...args: any[]) => void>()
  let approve: (session: unknown) => void = () => undefined
  let pairings = 0
  const provider = {
    session: undefined as unknown,
    on: (event: string, listener: (...args: any[]) => void) => listeners.set(event, listener),
    removeListener: () => undefined,
    disconnect: async () => undefined,
    request: async () => undefined,
    connect: () => {
      pairings++
      listeners.get('display_uri')?.(uri)
      return new Promise((resolve) => {
        approve = resolve
      })
    },
  }
  ;(UniversalProvider as unknown as { init: () => Promise<unknown> }).init = async () => provider
  return {
    provider,
    pairings: () => pairings,
    walletApproves() {
      provider.session = {
        topic: 't',
        namespaces: { eip155: { accounts: [`eip155:1:${FAKE_WALLET_ADDRESS}`] } },
        peer: { metadata: { name: 'Test Wallet' } },
      }
      approve(provider.session)
    },
  }
}
