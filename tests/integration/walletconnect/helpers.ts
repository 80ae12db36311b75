// Shared by the WalletConnect integration tests: the dapp side (@walletconnect/universal-provider,
// as SigKit uses it), the wallet side (demo/walletconnect-wallet/node.mjs), both through the
// sandbox's relay double (demo/sandbox/relay.mjs).
import { randomUUID } from 'node:crypto'
import { UniversalProvider } from '@walletconnect/universal-provider'
import * as assert from 'uvu/assert'
import { createWalletConnectWallet, BITCOIN_MAINNET, SOLANA_MAINNET } from '../../../demo/walletconnect-wallet/node.mjs'
import { getBase58Encoder } from '@solana/kit'
import { SOLANA_WALLET_SEED } from '../../../demo/test-wallet/solana-account.js'
import { loadUniversalProvider } from '../../../src/connectors/walletconnect'

// No hosted Verify service, no telemetry: the clients read this when a Core is built.
process.env.IS_VITEST = 'true'

export { BITCOIN_MAINNET, SOLANA_MAINNET, createWalletConnectWallet }
export type Wallet = Awaited<ReturnType<typeof createWalletConnectWallet>>
export type Provider = Awaited<ReturnType<typeof UniversalProvider.init>>

export const PROJECT_ID = 'sigkit-sandbox'
export const DAPP_METADATA = {
  name: 'SigKit integration test',
  description: 'The dapp side of the WalletConnect integration tests',
  url: 'http://127.0.0.1:5173',
  icons: [],
}

export interface SandboxChain {
  chainId: number
  rpcUrl: string
}

/** The wallet every test uses: anvil account #0 on both sandbox chains. */
export function startWallet(
  relayUrl: string,
  chains: SandboxChain[],
  extra: Record<string, unknown> = {},
): Promise<Wallet> {
  return createWalletConnectWallet({
    relayUrl,
    projectId: PROJECT_ID,
    evm: { mnemonic: 'test test test test test test test test test test test junk', rpcUrls: rpcUrlsOf(chains) },
    ...extra,
  })
}

export const rpcUrlsOf = (chains: SandboxChain[]) =>
  Object.fromEntries(chains.map((chain) => [chain.chainId, chain.rpcUrl]))

/**
 * A dapp: universal-provider on the relay, in memory, with its own Core (own client id). Every
 * `display_uri` goes to `onUri` (by default: straight to the wallet's pair()).
 */
export async function startDapp(relayUrl: string, chains: SandboxChain[]) {
  const provider = await UniversalProvider.init({
    projectId: PROJECT_ID,
    relayUrl,
    metadata: DAPP_METADATA,
    telemetryEnabled: false,
    logger: 'silent',
    customStoragePrefix: `sigkit-wc-dapp-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
  } as any)
  const uris: string[] = []
  const events: Record<string, unknown[]> = {}
  for (const name of [
    'chainChanged',
    'accountsChanged',
    'session_delete',
    'session_event',
    'session_update',
    'disconnect',
  ]) {
    events[name] = []
    provider.on(name, (value: unknown) => events[name]!.push(value))
  }
  let onUri: (uri: string) => unknown = () => undefined
  provider.on('display_uri', (uri: string) => {
    uris.push(uri)
    onUri(uri)
  })
  return {
    provider,
    uris,
    events,
    /** Where the next URIs go. */
    sendUrisTo(target: (uri: string) => unknown) {
      onUri = target
    },
    /** What SigKit asks for: EVM (both chains), Solana and Bitcoin, all optional. */
    namespaces(options: { evmChains?: number[] } = {}) {
      const evmChains = options.evmChains ?? chains.map((chain) => chain.chainId)
      return {
        eip155: {
          chains: evmChains.map((id) => `eip155:${id}`),
          methods: [
            'personal_sign',
            'eth_sendTransaction',
            'eth_signTypedData_v4',
            'wallet_switchEthereumChain',
            'wallet_addEthereumChain',
          ],
          events: ['chainChanged', 'accountsChanged'],
          rpcMap: rpcUrlsOf(chains),
        },
        solana: {
          chains: [SOLANA_MAINNET],
          methods: ['solana_signMessage', 'solana_signTransaction'],
          events: [],
          rpcMap: { [SOLANA_MAINNET.split(':')[1]!]: 'http://127.0.0.1:9' },
        },
        bip122: {
          chains: [BITCOIN_MAINNET],
          methods: ['signMessage'],
          events: [],
          rpcMap: { [BITCOIN_MAINNET.split(':')[1]!]: 'http://127.0.0.1:9' },
        },
      }
    },
    async stop() {
      try {
        await provider.client.core.relayer.transportClose()
      } catch {
        // already closed
      }
      ;(provider.client.core.heartbeat as any)?.stop?.()
    },
  }
}
export type Dapp = Awaited<ReturnType<typeof startDapp>>

/** Connect the dapp and approve on the wallet; resolves with both sides' session. */
export async function connectAndApprove(dapp: Dapp, wallet: Wallet, connectParams: Record<string, unknown> = {}) {
  dapp.sendUrisTo((uri) => wallet.pair(uri))
  const [session, walletSession] = await Promise.all([
    dapp.provider.connect({ optionalNamespaces: dapp.namespaces(), ...connectParams } as any),
    wallet.approveNextSession(),
  ])
  assert.ok(session, 'connect() resolved with a session')
  return { session: session!, walletSession }
}

/** Wait until `check` holds (or fail after `ms`). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  assert.ok(await check(), `timed out after ${ms} ms waiting for ${what}`)
}

/** Awaits `promise`, which must reject; returns the error. */
export async function rejection(promise: Promise<unknown>, ms = 10_000): Promise<any> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)
  })
  try {
    const value = await Promise.race([promise, timeout])
    assert.unreachable(`expected a rejection, got ${JSON.stringify(value)}`)
  } catch (error: any) {
    if (error?.name === 'Assertion') throw error
    return error
  } finally {
    clearTimeout(timer)
  }
}

/** Time-boxes a promise, naming what it waited for. */
export async function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * After the last test: if a failed test left a client timer behind (a pending proposal waits
 * 5 minutes), end the process a moment after uvu has printed its summary instead of hanging until
 * the runner's 60 s limit. Unref'd: a clean run exits on its own first.
 */
export function exitSoon(ms = 1500) {
  setTimeout(() => process.exit(process.exitCode ?? 0), ms).unref()
}

/** The sandbox's funded Solana account as a 64-byte secret key (seed, then public key). */
export function sandboxSolanaSecretKey(walletAddress: string): Uint8Array {
  return Uint8Array.from([...Buffer.from(SOLANA_WALLET_SEED, 'hex'), ...getBase58Encoder().encode(walletAddress)])
}

/** SigKit keeps its universal provider for the page's lifetime; a test process has to close its socket. */
export async function closeSigKitProvider() {
  const provider = await loadUniversalProvider()
  await provider.client.core.relayer.transportClose().catch(() => undefined)
  ;(provider.client.core.heartbeat as { stop?: () => void }).stop?.()
}
