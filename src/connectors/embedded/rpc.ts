/**
 * The embedded wallet's providers (EIP-1193 for eip155, SigKit's `solana_*` provider for solana)
 * and its RPC policy (SPEC §4 "Embedded wallet iframe", §6): account and chain questions are
 * answered here; safe methods go to the frame as they are; methods needing approval open
 * ApproveTransaction, where the frame shows its own approval screen (the connector tells core, and
 * the UI shows the view); anything else is refused without reaching the frame.
 * @internal
 */
import { connectorContext as core } from '../../core/connector'
import { clock } from '../../lib/clock'
import { isRecord } from '../../lib/validate'
import { WALLET_ERROR_CODES } from '../../lib/wallet-errors'
import type { CaipNetwork, CaipNetworkId, ChainNamespace, EIP1193Provider } from '../../core/types'
import { FrameError, FrameTimeoutError } from './client'
import {
  APPROVAL_METHODS,
  chainIdReply,
  FRAME_TEXTS,
  FRAME_TIMING,
  rpcResult,
  SAFE_METHODS,
  signedResult,
} from './protocol'
import { currentFrame, getFrame } from './session'
import { emitter } from './emitter'
import { wantedAccountType } from './storage'
import { log } from '../../lib/logger'

/** An EIP-1193 error: a message and its code. @internal */
export function providerError(message: string, code: number): Error {
  return Object.assign(new Error(message), { code })
}

// ── providers ──────────────────────────────────────────────────────────────────────────────

type Listener = (...args: any[]) => void
const listeners = new Map<string, Set<Listener>>()

/**
 * Tells the dapp's listeners (wagmi follows `chainChanged`, `accountsChanged`, `disconnect`).
 * @internal
 */
export function emitProviderEvent(event: string, ...args: unknown[]): void {
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      listener(...args)
    } catch (error) {
      log('error', 'provider listener failed', error)
    }
  }
}

const providers = new Map<ChainNamespace, EIP1193Provider>()

/**
 * The namespace's provider (one per namespace, kept for the page's life).
 *
 * @example
 * ```ts
 * const accounts = await embeddedProvider('eip155').request({ method: 'eth_accounts' })
 * ```
 */
export function embeddedProvider(namespace: ChainNamespace): EIP1193Provider {
  let provider = providers.get(namespace)
  if (!provider) {
    provider = {
      request: (args, chain) => handle(namespace, args, chain),
      on(event, listener) {
        let set = listeners.get(event)
        if (!set) listeners.set(event, (set = new Set()))
        set.add(listener)
      },
      removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
    }
    providers.set(namespace, provider)
  }
  return provider
}

/** The network a request is for: the one named by the caller, else the namespace's current one. */
function networkFor(namespace: ChainNamespace, chain: CaipNetworkId | undefined): CaipNetwork | undefined {
  return (chain && core.findNetwork(chain)) || core.network(namespace)
}

async function handle(
  namespace: ChainNamespace,
  { method, params }: { method: string; params?: unknown },
  chain?: CaipNetworkId,
): Promise<unknown> {
  const address = core.address(namespace)
  const network = networkFor(namespace, chain)
  switch (method) {
    // Account and chain questions never need the frame (EMBEDDED-FRAME.md §4.1: eth_chainId is local).
    case 'eth_accounts':
    case 'eth_requestAccounts':
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return address ? [address] : []
    case 'eth_chainId':
      if (!network) throw providerError('Chain not configured', WALLET_ERROR_CODES.chainDisconnected)
      return `0x${Number(network.id).toString(16)}`
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain':
      return switchChain(params)
    // Signing out is the connector's disconnect (through the frame), not a request of the dapp's.
    case 'solana_disconnect':
      return null
  }
  if (!address || !network) throw providerError('The wallet is disconnected', WALLET_ERROR_CODES.disconnected)
  if (!SAFE_METHODS.has(method) && !APPROVAL_METHODS.has(method)) return refuse(method)
  const solana = namespace === 'solana'
  const payload = {
    method,
    params: solana ? toFrameSolana(method, params) : hexBigInts(params),
    chainNamespace: namespace,
    chainId: network.id,
    rpcUrl: network.rpcUrls.default.http[0],
  }
  const result = SAFE_METHODS.has(method) ? await safeRequest(payload) : await approve(namespace, payload)
  return solana ? fromFrameSolana(method, result) : result
}

/** A safe method: straight to the frame; its failure, as every one the dapp sees, has an EIP-1193 code. */
async function safeRequest(payload: Record<string, unknown>): Promise<unknown> {
  try {
    const frame = await getFrame()
    return await frame.request('RPC_REQUEST', payload, rpcResult)
  } catch (error) {
    throw asProviderError(error, false)
  }
}

/** wallet_switchEthereumChain `[{ chainId }]`: SWITCH_NETWORK, to a network the dapp configured. */
async function switchChain(params: unknown): Promise<null> {
  const requested = Array.isArray(params) && isRecord(params[0]) ? params[0]['chainId'] : undefined
  const id = typeof requested === 'string' ? Number.parseInt(requested, 16) : Number(requested)
  const network = Number.isSafeInteger(id) ? core.findNetwork(`eip155:${id}`) : undefined
  if (!network) throw providerError('The wallet does not know this network', WALLET_ERROR_CODES.unrecognizedChain)
  let chainId: unknown
  try {
    const frame = await getFrame()
    chainId = await frame.request(
      'SWITCH_NETWORK',
      { chainId: network.caipNetworkId, rpcUrl: network.rpcUrls.default.http[0] },
      chainIdReply,
    )
  } catch (error) {
    throw asProviderError(error, false)
  }
  if (Number(String(chainId).replace(/^eip155:/, '')) !== id)
    throw providerError(FRAME_TEXTS.invalidReply, WALLET_ERROR_CODES.internal)
  // A switch the dapp asked for through its provider is a switch of SigKit's state too.
  emitter.emit({ type: 'chainChanged', namespace: 'eip155', chainId: id })
  emitProviderEvent('chainChanged', `0x${id.toString(16)}`)
  // The account may differ there (a network without smart accounts has only the EOA).
  const { syncEmbeddedAccount } = await import('./account')
  await syncEmbeddedAccount('eip155', wantedAccountType('eip155'))
  return null
}

/** EMBEDDED-FRAME.md §4.1: every BigInt in the params becomes `0x…` hex. */
function hexBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return `0x${value.toString(16)}`
  if (Array.isArray(value)) return value.map(hexBigInts)
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, hexBigInts(item)]))
  return value
}

// ── unsafe requests: ApproveTransaction ─────────────────────────────────────────────────────

interface Approval {
  controller: AbortController
  /** Ended by the visitor leaving (modal closed, view left): the modal is not navigated again. */
  cancelled: boolean
}

const approvals = new Set<Approval>()

/** Requests waiting for the visitor in the frame's approval screen. @internal */
export function pendingApprovals(): number {
  return approvals.size
}

/** The modal's view for the frame's approval screen. */
const APPROVAL_VIEW = 'ApproveTransaction'

async function approve(namespace: ChainNamespace, payload: Record<string, unknown>): Promise<unknown> {
  const frame = await getFrame().catch((error: unknown) => {
    throw asProviderError(error, false)
  })
  const approval: Approval = { controller: new AbortController(), cancelled: false }
  approvals.add(approval)
  // SPEC §4: the modal opens at ApproveTransaction, or shows it over the current view.
  emitter.emit({ type: 'screen', view: APPROVAL_VIEW, phase: 'open' })
  try {
    const result = await frame.request('RPC_REQUEST', payload, signedResult(String(payload['method'])), {
      signal: approval.controller.signal,
    })
    approvals.delete(approval)
    core.refreshBalances(namespace)
    settle('success')
    return result
  } catch (error) {
    approvals.delete(approval)
    if (!approval.cancelled) settle('error')
    throw asProviderError(error, approval.cancelled)
  }
}

/** The frame answered: the screen is done once it shows no other request (it queues them). */
function settle(outcome: 'success' | 'error'): void {
  if (approvals.size === 0) emitter.emit({ type: 'screen', view: APPROVAL_VIEW, phase: 'done', outcome })
}

/**
 * What the dapp gets when a frame request fails: always an EIP-1193 error with a code (a dapp
 * branches on it, viem picks its error class and whether to retry by it). The visitor declining
 * (or the request aborted) is 4001, a method the frame does not allow 4200; a frame that never
 * loaded is 4900 (the wallet is unreachable); anything else, the frame's own error, a reply that
 * failed validation, or a request lost when the frame reloaded, is -32603 with its message.
 */
function asProviderError(error: unknown, cancelled: boolean): Error {
  if (cancelled) return providerError('User rejected the request', WALLET_ERROR_CODES.userRejected)
  if (isRecord(error) && typeof error['code'] === 'number' && error instanceof Error) return error
  const message = error instanceof Error ? error.message : String(error)
  const code =
    error instanceof FrameError && /user (rejected|denied|cancelled)|request was aborted/i.test(message)
      ? WALLET_ERROR_CODES.userRejected
      : error instanceof FrameError && message.startsWith(FRAME_TEXTS.notAllowed)
        ? WALLET_ERROR_CODES.unsupportedMethod
        : error instanceof FrameTimeoutError
          ? WALLET_ERROR_CODES.disconnected
          : WALLET_ERROR_CODES.internal
  return Object.assign(providerError(message, code), { cause: error })
}

/**
 * Ends every request waiting in the frame's approval screen (SPEC §4: the modal closed, or the
 * visitor left ApproveTransaction): each rejects with 4001, and the frame is told with RPC_ABORT.
 * Safe requests are left alone.
 * @internal
 */
export function rejectPendingApprovals(): void {
  if (approvals.size === 0) return
  for (const approval of approvals) {
    approval.cancelled = true
    approval.controller.abort()
  }
  emitter.emit({ type: 'screen', view: APPROVAL_VIEW, phase: 'done', outcome: 'cancel' })
  currentFrame()?.notify('RPC_ABORT')
}

/**
 * SPEC §4 "Unsupported wallet method": the modal opens, the method is logged, 'Action not allowed'
 * shows after 300 ms, and pending approvals are rejected. Unlike AppKit, the request is never
 * posted: the frame's own list is not relied on.
 */
function refuse(method: string): never {
  emitter.emit({ type: 'screen', phase: 'open' })
  log('error', FRAME_TEXTS.notAllowed, { method })
  clock.setTimeout(() => core.toast(FRAME_TEXTS.notAllowedUi), FRAME_TIMING.refusedNoticeMs)
  rejectPendingApprovals()
  throw providerError(FRAME_TEXTS.notAllowed, WALLET_ERROR_CODES.unsupportedMethod)
}

// ── Solana: SigKit's provider speaks base64 transactions, the frame base58 ──────────────────

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** @internal */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

/** @internal */
export function base58Decode(text: string): Uint8Array {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) throw new Error(FRAME_TEXTS.invalidReply)
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

function toFrameSolana(method: string, params: unknown): unknown {
  if (!isRecord(params)) return params
  const transaction = params['transaction']
  const transactions = params['transactions']
  if (typeof transaction === 'string') return { ...params, transaction: base58Encode(fromBase64(transaction)) }
  if (Array.isArray(transactions) && method === 'solana_signAllTransactions')
    return { ...params, transactions: transactions.map((item) => base58Encode(fromBase64(String(item)))) }
  return params
}

function fromFrameSolana(method: string, result: unknown): unknown {
  if (!isRecord(result)) return result
  const transaction = result['transaction']
  const transactions = result['transactions']
  if (method === 'solana_signTransaction' && typeof transaction === 'string')
    return { ...result, transaction: toBase64(base58Decode(transaction)) }
  if (method === 'solana_signAllTransactions' && Array.isArray(transactions))
    return { ...result, transactions: transactions.map((item) => toBase64(base58Decode(String(item)))) }
  return result
}
