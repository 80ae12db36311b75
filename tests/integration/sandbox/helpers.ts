// Shared by the sandbox integration tests: JSON over fetch, "is anything listening here?", and a
// smart account deployed from the secure frame's factory.
import { connect } from 'node:net'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, type Hex } from 'viem'
import { ANVIL_ACCOUNTS } from '../../../demo/sandbox/chains.mjs'

export interface JsonAnswer<T = any> {
  status: number
  headers: Headers
  body: T
}

/** GET (or any method) a URL and parse the answer as JSON. */
export async function fetchJson<T = any>(url: string, init: RequestInit = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, init)
  const text = await response.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status}, not JSON: ${text.slice(0, 200)}`)
  }
  return { status: response.status, headers: response.headers, body }
}

/** POST a JSON body. */
export function postJson<T = any>(url: string, body: unknown): Promise<JsonAnswer<T>> {
  return fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** A JSON-RPC call straight to a node (or through the emulator's /v1/). */
export async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const { body } = await postJson(url, { jsonrpc: '2.0', id: 1, method, params })
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Whether a TCP connection to 127.0.0.1:port is accepted. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Whether a process with this id exists (and is not a zombie we could still signal). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export const portOf = (url: string): number => Number(new URL(url).port)

/**
 * Deploys `owner`'s smart account on `chainId` from the sandbox's factory (sent by an unlocked anvil
 * account) and returns its address; throws when it was not deployed.
 */
export async function deploySmartAccount(
  sandbox: { smartAccounts: Record<number, { factory: Hex }>; chains: { chainId: number; rpcUrl: string }[] },
  owner: Hex,
  chainId: number,
): Promise<Hex> {
  const factory = sandbox.smartAccounts[chainId]!.factory
  const rpcUrl = sandbox.chains.find((chain) => chain.chainId === chainId)!.rpcUrl
  const abi = parseAbi([
    'function deploy(address owner) returns (address)',
    'function addressOf(address owner) view returns (address)',
  ])
  const reader = createPublicClient({ transport: http(rpcUrl) })
  const wallet = createWalletClient({ account: ANVIL_ACCOUNTS.recipient, transport: http(rpcUrl) })
  const hash = await wallet.sendTransaction({
    to: factory,
    data: encodeFunctionData({ abi, functionName: 'deploy', args: [owner] }),
    chain: null,
  })
  if ((await reader.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error('deploy reverted')
  const account = await reader.readContract({ address: factory, abi, functionName: 'addressOf', args: [owner] })
  if ((await reader.getCode({ address: account })) === undefined) throw new Error('the smart account has no code')
  return account
}
