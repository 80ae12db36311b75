/**
 * Injected Solana wallets, found through the Wallet Standard: the page announces itself with
 * `wallet-standard:app-ready` and wallets register through `wallet-standard:register-wallet`
 * (either may come first). Each Solana wallet becomes an installed wallet whose provider speaks the same
 * `solana_*` requests as a WalletConnect session, so the solana adapter serves both alike. The
 * request code loads with the adapter, not with discovery.
 */
import type { EIP1193Provider } from '../../core/types'
import type { InstalledWallet } from './connector'
import { outsideText } from '../../lib/outside-text'
import { isImageUrl, isRecord } from '../../lib/validate'
import { log } from '../../lib/logger'

/** The part of a Wallet Standard wallet SigKit uses; everything else about it is untrusted. */
export interface StandardWallet {
  name: string
  icon: string
  chains: readonly string[]
  accounts: readonly { address: string; chains?: readonly string[] }[]
  features: Record<string, unknown>
}

/**
 * Listens for Wallet Standard wallets and asks the registered ones to come forward; each valid
 * Solana wallet is handed to `onWallet`. Browser only; call once.
 * @internal
 */
export function startWalletStandardDiscovery(onWallet: (wallet: InstalledWallet) => void): void {
  const api = Object.freeze({
    register(...wallets: unknown[]) {
      for (const wallet of wallets) {
        const parsed = parseStandardWallet(wallet)
        if (parsed) onWallet(parsed)
      }
      // Unregistering is not supported: a wallet that leaves the page goes with it.
      return () => undefined
    },
  })
  window.addEventListener('wallet-standard:register-wallet', (event) => {
    const callback = (event as CustomEvent).detail
    if (typeof callback !== 'function') return
    try {
      callback(api)
    } catch (error) {
      log('warn', 'a wallet failed to register', error)
    }
  })
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
}

/**
 * A Wallet Standard wallet that supports Solana, as data, or undefined (it comes from any script
 * on the page, so its shape is checked before use).
 * @internal
 */
export function parseStandardWallet(wallet: unknown): InstalledWallet | undefined {
  if (
    !isRecord(wallet) ||
    typeof wallet['name'] !== 'string' ||
    !Array.isArray(wallet['chains']) ||
    !isRecord(wallet['features'])
  )
    return undefined
  if (!wallet['chains'].some((chain) => typeof chain === 'string' && chain.startsWith('solana:'))) return undefined
  const connect = wallet['features']['standard:connect']
  if (!isRecord(connect) || typeof connect['connect'] !== 'function' || !Array.isArray(wallet['accounts']))
    return undefined
  const name = outsideText(wallet['name'])
  if (name === '') return undefined
  return {
    id: `wallet-standard:${name}`,
    name,
    providers: { solana: standardWalletProvider(wallet as unknown as StandardWallet) },
    ...(isImageUrl(wallet['icon']) ? { imageUrl: wallet['icon'] } : {}),
  }
}

function standardWalletProvider(wallet: StandardWallet): EIP1193Provider {
  return {
    request: (args, chain) =>
      import('./wallet-standard-provider').then((provider) => provider.request(wallet, args, chain)),
    // Wallet Standard reports account changes as a 'change' event; returns the function that stops.
    on(event, listener) {
      const events = wallet.features['standard:events'] as
        { on?: (name: string, listener: (change: unknown) => void) => () => void } | undefined
      if (event !== 'accountsChanged' || typeof events?.on !== 'function') return undefined
      return events.on('change', (change) => {
        if (isRecord(change) && Array.isArray(change['accounts']))
          listener(wallet.accounts.map((account) => account.address))
      })
    },
  }
}
