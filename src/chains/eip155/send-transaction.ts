/**
 * Sends native currency or an ERC-20 token. Gas and fees are estimated when not given, the SPEC §5
 * rules are checked, then eth_sendTransaction goes to the wallet, falling back to
 * wallet_sendTransaction when the wallet says the method or its input is not supported (SPEC §7);
 * the fallback is remembered per wallet.
 */
import { encodeFunctionData, erc20Abi, numberToHex, parseUnits, type PublicClient } from 'viem'
import type { SendParameters } from '../../core/state/adapters'
import { SEND_TRANSACTION_FALLBACK_CACHE_SIZE } from '../../core/constants'
import type { EIP1193Provider } from '../../core/types'
import { WALLET_ERROR_CODES, walletErrorCode } from '../../lib/wallet-errors'
import { assertTransactionRules } from './transaction-rules'
import { parseChainId } from './connect'

/** A transaction request before it is hex-encoded for the wallet. */
export interface TransactionRequest {
  from: `0x${string}`
  to: `0x${string}`
  value?: bigint
  data?: `0x${string}`
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
}

const FALLBACK_CODES: readonly number[] = [
  WALLET_ERROR_CODES.invalidInput,
  WALLET_ERROR_CODES.invalidParams,
  WALLET_ERROR_CODES.methodNotFound,
  WALLET_ERROR_CODES.unsupportedMethod,
]

const NOT_SUPPORTED_CODES: readonly number[] = [WALLET_ERROR_CODES.methodNotFound, WALLET_ERROR_CODES.unsupportedMethod]

// Wallets known to need wallet_sendTransaction (it worked after eth_sendTransaction was refused);
// bounded like a small LRU.
const usesWalletSend = new Set<EIP1193Provider>()

/**
 * The request for a send: native value, or an ERC-20 `transfer` when the token has an address
 * (a CAIP-10 `eip155:<chain>:0x…` or a bare address).
 * @internal
 */
export function buildSendRequest({
  from,
  to,
  amount,
  token,
  network,
}: Omit<SendParameters, 'provider'>): TransactionRequest {
  const tokenAddress = token?.address?.split(':').at(-1)
  if (tokenAddress) {
    const decimals = Number(token?.quantity.decimals)
    return {
      from: from as `0x${string}`,
      to: tokenAddress as `0x${string}`,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as `0x${string}`, parseUnits(amount, decimals)],
      }),
    }
  }
  return {
    from: from as `0x${string}`,
    to: to as `0x${string}`,
    value: parseUnits(amount, network.nativeCurrency.decimals),
  }
}

/**
 * Fills in gas and fees the caller left out, then checks the rules.
 * @internal
 */
export async function prepareTransaction(
  client: PublicClient,
  request: TransactionRequest,
): Promise<TransactionRequest> {
  assertTransactionRules(request)
  const prepared = { ...request }
  if (prepared.gasPrice === undefined && prepared.maxFeePerGas === undefined) {
    const fees = await client.estimateFeesPerGas().catch(() => undefined)
    if (fees?.maxFeePerGas !== undefined) {
      prepared.maxFeePerGas = fees.maxFeePerGas
      prepared.maxPriorityFeePerGas ??= fees.maxPriorityFeePerGas
      if (prepared.maxPriorityFeePerGas > prepared.maxFeePerGas) prepared.maxPriorityFeePerGas = prepared.maxFeePerGas
    } else prepared.gasPrice = await client.getGasPrice()
  }
  prepared.gas ??= await client.estimateGas({
    account: prepared.from,
    to: prepared.to,
    ...(prepared.value !== undefined ? { value: prepared.value } : {}),
    ...(prepared.data !== undefined ? { data: prepared.data } : {}),
  })
  assertTransactionRules(prepared)
  return prepared
}

function toWalletParams(request: TransactionRequest): Record<string, string> {
  const params: Record<string, string> = { from: request.from, to: request.to }
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = request[key]
    if (value !== undefined) params[key] = numberToHex(value)
  }
  if (request.data) params['data'] = request.data
  return params
}

/**
 * SPEC §8 connector error: the wallet is on another chain than the connection SigKit shows (a
 * wallet that did not report its switch). eth_sendTransaction carries no chain id, so the
 * transaction would go to the wallet's chain with gas and fees estimated on another, and the
 * receipt would be awaited on the wrong one.
 *
 * @throws Error 'The current chain of the connector (id: {wallet}) does not match the connection's
 *   chain (id: {network})'
 * @example
 * ```ts
 * await assertWalletChain(provider, network)
 * ```
 * @internal
 */
export async function assertWalletChain(provider: EIP1193Provider, network: { id: number | string }): Promise<void> {
  const walletChain = parseChainId(await provider.request({ method: 'eth_chainId' }))
  if (walletChain !== Number(network.id))
    throw new Error(
      `The current chain of the connector (id: ${walletChain}) does not match the connection's chain (id: ${network.id})`,
    )
}

/**
 * Hands a prepared transaction to the wallet and returns its hash.
 *
 * @example
 * ```ts
 * const hash = await submitTransaction(provider, await prepareTransaction(client, request))
 * ```
 */
export async function submitTransaction(
  provider: EIP1193Provider,
  request: TransactionRequest,
): Promise<`0x${string}`> {
  const params = [toWalletParams(request)]
  let refusal: unknown
  if (!usesWalletSend.has(provider)) {
    try {
      return parseHash(await provider.request({ method: 'eth_sendTransaction', params }))
    } catch (error) {
      const code = walletErrorCode(error)
      if (code === undefined || !FALLBACK_CODES.includes(code)) throw error
      refusal = error
    }
  }
  let answer: unknown
  try {
    answer = await provider.request({ method: 'wallet_sendTransaction', params })
  } catch (error) {
    // A wallet without wallet_sendTransaction either: its answer to eth_sendTransaction is the one
    // that explains the failure, and it must not be switched to a method it does not have.
    if (refusal !== undefined && NOT_SUPPORTED_CODES.includes(walletErrorCode(error) as number)) throw refusal
    throw error
  }
  if (refusal !== undefined) remember(provider)
  return parseHash(answer)
}

function remember(provider: EIP1193Provider): void {
  usesWalletSend.add(provider)
  if (usesWalletSend.size > SEND_TRANSACTION_FALLBACK_CACHE_SIZE) {
    const oldest = usesWalletSend.values().next().value
    if (oldest) usesWalletSend.delete(oldest)
  }
}

function parseHash(value: unknown): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new Error('The wallet returned an invalid transaction hash')
  return value as `0x${string}`
}
