/**
 * An installed wallet as a connector: its providers (one per namespace it serves) with the chain
 * adapter of each namespace doing the wallet's part (asking for accounts, following its events,
 * switching networks). Discovery (`index.ts`) makes one per wallet it finds.
 */
import { connectorContext as core, createConnectorEmitter, type Connector } from '../../core/connector'
import { describeWalletError, isUserRejection } from '../../lib/wallet-errors'
import type { ChainNamespace, EIP1193Provider } from '../../core/types'

/** A wallet found in the page, as data: who it is and its providers. */
export interface InstalledWallet {
  /** Its EIP-6963 rdns (stable across visits), or an id of the way it was found. */
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  /** Ids it was also known by (a Solana-only entry merged into its EVM twin). */
  aliases?: readonly string[]
  /** True for the generic browser wallet (`window.ethereum` with no EIP-6963 announcement). */
  generic?: boolean
  /** One provider per namespace; one wallet can expose several and is still one connector. */
  providers: Partial<Record<ChainNamespace, EIP1193Provider>>
}

/**
 * The connector of an installed wallet.
 *
 * @example
 * ```ts
 * core.list([createInjectedConnector({ id: 'io.metamask', name: 'MetaMask', providers: { eip155: provider } })])
 * ```
 */
export function createInjectedConnector(wallet: InstalledWallet): Connector & { readonly wallet: InstalledWallet } {
  const emitter = createConnectorEmitter()
  const watching = new Map<ChainNamespace, () => void>()
  const chains = Object.keys(wallet.providers) as ChainNamespace[]

  function providerOf(namespace: ChainNamespace): EIP1193Provider {
    const provider = wallet.providers[namespace]
    if (!provider) throw new Error('Provider not found')
    return provider
  }

  /** Follows the wallet's events for a namespace (again after each connect or restore). */
  async function watch(namespace: ChainNamespace, provider: EIP1193Provider): Promise<void> {
    const adapter = await core.loadAdapter(namespace)
    watching.get(namespace)?.()
    watching.set(
      namespace,
      adapter.watch(provider, {
        accountsChanged: (accounts) =>
          emitter.emit({
            type: 'accountsChanged',
            namespace,
            accounts: accounts.map((address) => ({ address, type: 'eoa' as const })),
          }),
        chainChanged: (chainId) => emitter.emit({ type: 'chainChanged', namespace, chainId }),
        disconnect: () => emitter.emit({ type: 'disconnect', namespaces: [namespace] }),
      }),
    )
  }

  return {
    id: wallet.id,
    name: wallet.name,
    type: 'injected',
    chains,
    ...(wallet.imageUrl ? { imageUrl: wallet.imageUrl } : {}),
    ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
    ...(wallet.aliases?.length ? { aliases: wallet.aliases } : {}),
    ...(wallet.generic ? { generic: true } : {}),
    wallet,
    emitter,
    async connect({ namespace, network }) {
      try {
        const provider = providerOf(namespace)
        const adapter = await core.loadAdapter(namespace)
        const { accounts, chainId } = await adapter.connect({ provider, network })
        await watch(namespace, provider)
        core.track({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: wallet.name } })
        return { connections: [{ namespace, accounts: accounts.map(asEoa), chainId }] }
      } catch (error) {
        const message = isUserRejection(error) ? 'Connection declined' : describeWalletError(error)
        core.track({ type: 'track', event: 'CONNECT_ERROR', properties: { message } })
        throw error
      }
    },
    async restore({ namespaces }) {
      const connections = []
      for (const namespace of namespaces) {
        const provider = wallet.providers[namespace]
        if (!provider) continue
        const adapter = await core.loadAdapter(namespace)
        const network = core.network(namespace)
        const granted = await adapter.reconnect({ provider, ...(network ? { network } : {}) })
        if (!granted) continue
        await watch(namespace, provider)
        connections.push({ namespace, accounts: granted.accounts.map(asEoa), chainId: granted.chainId })
      }
      return { connections }
    },
    async disconnect({ namespaces }) {
      await Promise.all(
        namespaces.map(async (namespace) => {
          watching.get(namespace)?.()
          watching.delete(namespace)
          const provider = wallet.providers[namespace]
          if (provider) await (await core.loadAdapter(namespace)).disconnect({ provider })
        }),
      )
    },
    provider: (namespace) => wallet.providers[namespace],
  }
}

const asEoa = (address: string) => ({ address, type: 'eoa' as const })
