// Shared by the EVM-slice integration tests: the sandbox's chains as SigKit networks, the test
// wallet with a scripted person in front of it, core configured as the demo configures it, and
// viem reading the chains directly (the truth the tests compare SigKit with).
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, formatEther, http, type Hex, type PublicClient } from 'viem'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { createTestWalletProvider } from '../../../demo/test-wallet/provider.js'
import { createMemoryStorage as createWalletStorage } from '../../../demo/test-wallet/storage.js'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { createInjectedConnector } from '../../../src/connectors/injected/connector'
import { startNavigation } from '../../../src/ui/navigation'
import { addConnectors } from '../../../src/core/state/connectors'
import { validateOptions } from '../../../src/core/config/options'
import type { CaipNetwork, EIP1193Provider } from '../../../src/core/types'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { createMemoryStorage, installStorage, type MemoryStorage } from '../../unit/helpers/memory-storage'
import { sandboxEvmNetwork, sandboxSolanaNetwork } from '../../helpers/networks'

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>
export type TestWallet = ReturnType<typeof createTestWalletProvider>

export const PROJECT_ID = 'sandbox'
export const CONNECTOR_ID = 'dev.sigkit.testwallet'
/** The page the wallet is injected into (the wallet authorizes per origin). */
export const ORIGIN = 'http://127.0.0.1:5173'

export { startSandbox }

/** A sandbox chain as the demo hands it to SigKit. */
export function networkFor(sandbox: Sandbox, chainId: 31337 | 31338): CaipNetwork {
  const chain = sandbox.chains.find((candidate) => candidate.chainId === chainId)
  if (!chain) throw new Error(`sandbox has no chain ${chainId}`)
  return sandboxEvmNetwork(chainId, chain.rpcUrl)
}

/** The sandbox's Solana network as the demo hands it to SigKit. */
export function solanaNetworkFor(sandbox: Sandbox): CaipNetwork {
  return sandboxSolanaNetwork(sandbox.solana)
}

/** The endpoints the demo gives SigKit: every hosted service is the sandbox's emulator. */
export function endpointsFor(sandbox: Sandbox) {
  return { api: sandbox.apiUrl, walletApi: sandbox.apiUrl, rpc: sandbox.apiUrl, pulse: sandbox.apiUrl }
}

// The same scripted person the test wallet's own tests use.
import { scriptedPerson } from '../test-wallet/helpers'
export { scriptedPerson }
export type Person = ReturnType<typeof scriptedPerson>

/**
 * The SigKit Test Wallet on both sandbox chains, knowing only 31337 at first (as an extension
 * that was never told about the L2). Pass the same `storage` to simulate a page reload: the
 * extension remembers the sites it trusts and the networks it knows.
 */
export function makeWallet(sandbox: Sandbox, { person = scriptedPerson(), storage = createWalletStorage() } = {}) {
  const provider = createTestWalletProvider({
    chains: sandbox.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    knownChainIds: [31337],
    approve: person.approve,
    storage,
    origin: ORIGIN,
  })
  return { provider, person, storage }
}

/** One request a provider saw, and how it ended. */
export interface LoggedCall {
  method: string
  params: unknown
  result?: unknown
  error?: { code?: number; message?: string }
}

/** Wraps a provider so every request (and its answer or error code) is logged, events pass through. */
export function loggingProvider(
  inner: EIP1193Provider,
  log: LoggedCall[] = [],
): EIP1193Provider & { log: LoggedCall[] } {
  return {
    log,
    async request(args) {
      const entry: LoggedCall = { method: args.method, params: args.params }
      log.push(entry)
      try {
        entry.result = await inner.request(args)
        return entry.result
      } catch (error) {
        const { code, message } = (error ?? {}) as { code?: number; message?: string }
        entry.error = { code, message }
        throw error
      }
    },
    on: (event, listener) => inner.on?.(event, listener),
    removeListener: (event, listener) => inner.removeListener?.(event, listener),
  }
}

/**
 * Core set up as the demo sets it up: a memory localStorage, validated options, the eip155
 * adapter on the sandbox, and the test wallet published as an injected connector.
 */
export function configureCore(
  sandbox: Sandbox,
  networks: CaipNetwork[],
  provider: EIP1193Provider,
  storage?: MemoryStorage,
): MemoryStorage {
  const pageStorage = storage ?? createMemoryStorage()
  installStorage(pageStorage)
  const endpoints = endpointsFor(sandbox)
  const resolved = validateOptions({ projectId: PROJECT_ID, networks, endpoints, features: { analytics: false } })
  initCore(resolved)
  // As createAppKit wires it: the chain adapter and where the modal goes on core's moments.
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
  startNavigation()
  publishWallet(provider)
  return pageStorage
}

/** Publishes (or re-publishes) the test wallet as the EIP-6963 connector the demo announces. */
export function publishWallet(provider: EIP1193Provider): void {
  addConnectors([
    createInjectedConnector({
      id: CONNECTOR_ID,
      name: 'SigKit Test Wallet',
      rdns: 'dev.sigkit.testwallet',
      providers: { eip155: provider },
    }),
  ])
}

/** viem reading a sandbox chain directly (not through the emulator). */
export function chainClient(sandbox: Sandbox, chainId: number): PublicClient {
  const chain = sandbox.chains.find((candidate) => candidate.chainId === chainId)
  if (!chain) throw new Error(`sandbox has no chain ${chainId}`)
  return createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
}

export const tokenOf = (sandbox: Sandbox, chainId: number, symbol: string) => {
  const token = sandbox.tokens[chainId]?.find((candidate) => candidate.symbol === symbol)
  if (!token) throw new Error(`no ${symbol} on ${chainId}`)
  return token as { address: Hex; symbol: string; name: string; decimals: number }
}

export const ethBalance = (sandbox: Sandbox, chainId: number, address: string) =>
  chainClient(sandbox, chainId).getBalance({ address: address as Hex })

export const ethBalanceText = async (sandbox: Sandbox, chainId: number, address: string) =>
  formatEther(await ethBalance(sandbox, chainId, address))

export const tokenBalanceOf = (sandbox: Sandbox, chainId: number, symbol: string, address: string) =>
  chainClient(sandbox, chainId).readContract({
    address: tokenOf(sandbox, chainId, symbol).address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  })

/** A JSON-RPC call straight to a sandbox node (anvil methods, unlocked-account sends). */
export async function nodeRpc(sandbox: Sandbox, chainId: number, method: string, params: unknown[] = []): Promise<any> {
  const chain = sandbox.chains.find((candidate) => candidate.chainId === chainId)
  if (!chain) throw new Error(`sandbox has no chain ${chainId}`)
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

export { waitFor } from '../../helpers/async'

/** Awaits `promise`, which must reject; returns the error for further checks. */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    const value = await promise
    assert.unreachable(
      `expected a rejection, got ${JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
    )
  } catch (error) {
    if ((error as { name?: string })?.name === 'Assertion') throw error
    return error
  }
}

/** The error code along an error's `cause` chain (viem nests the wallet's error). */
export function codeOf(error: unknown): number | undefined {
  let current: any = error
  for (let depth = 0; depth < 6 && current; depth++) {
    if (typeof current.code === 'number') return current.code
    current = current.cause
  }
  return undefined
}
