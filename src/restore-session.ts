/**
 * Restoring a stored session on page load, without a wallet prompt. LAZY: `createAppKit` imports
 * this only when storage says a wallet was connected, and it loads only the connectors that
 * session used (WalletConnect, the heaviest, only when it was one of them). It takes the stored
 * ids as an argument and imports everything else with `import()`: a static import of page-load
 * code from here would make esbuild cut the page-load chunks differently (it splits by importer).
 * @internal
 */
import type { ChainNamespace } from './core/types'

/** @internal */
export async function restoreSession(stored: Partial<Record<ChainNamespace, string>>): Promise<void> {
  if (Object.values(stored).includes('walletConnect')) {
    await import('./connectors/walletconnect')
      .then((walletConnect) => walletConnect.restoreWalletConnect())
      .catch((error) => console.error('[SigKit] WalletConnect session restore failed', error))
  }
  // The embedded wallet's session comes back through its frame (the email-login flag stored).
  if (Object.values(stored).includes('auth')) {
    await import('./connectors/embedded')
      .then((embedded) => embedded.restoreEmbedded())
      .catch((error) => console.error('[SigKit] embedded wallet session restore failed', error))
  }
  const [injected, wallet] = await Promise.all([import('./connectors/injected'), import('./core/wallet')])
  injected.startInjectedDiscovery()
  await wallet.reconnect()
}
