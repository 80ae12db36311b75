// SPEC §8/§9's RPC rules against real anvil chains (the sandbox's, with Multicall3 at its canonical
// address): a burst of reads through SigKit's client becomes Multicall3 calls of at most 1024 bytes
// of call data; the node's own failures (insufficient funds, a revert, nonce too low, gas too low,
// fee cap under the base fee, tip above the fee cap) reach the visitor as the typed execution
// errors; and a receipt wait with mining stopped ends with the timeout error.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ServerResponse } from 'node:http'
import {
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  http,
  multicall3Abi,
  parseEther,
  parseGwei,
  type Hex,
} from 'viem'
import { MULTICALL3_ADDRESS, startChains } from '../../../demo/sandbox/chains.mjs'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { createClientCache } from '../../../src/chains/eip155/client'
import { waitForReceipt } from '../../../src/chains/eip155/receipt'
import { prepareTransaction } from '../../../src/chains/eip155/send-transaction'
import { RECEIPT_WAIT } from '../../../src/core/constants'
import {
  describeTransactionError,
  executionErrorKind,
  type ExecutionErrorKind,
} from '../../../src/lib/execution-errors'
import { sandboxEvmNetwork } from '../../helpers/networks'
import { sendJson, startServer, type TestServer } from '../../unit/helpers/server'
import { makeWallet, rejection, type Sandbox } from './helpers'

type Chains = Awaited<ReturnType<typeof startChains>>
let chains: Chains
let counter: TestServer
/** The JSON-RPC calls that went through the counting proxy in front of chain 31337. */
let forwarded: { method: string; params: any[] }[] = []

const rpcUrl = (chainId: number) => chains.chains.find((chain) => chain.chainId === chainId)!.rpcUrl

async function node(chainId: number, method: string, params: unknown[] = []): Promise<any> {
  const response = await fetch(rpcUrl(chainId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
  return body.result
}

test.before(async () => {
  chains = await startChains()
  // A proxy that forwards to anvil and notes each call: what SigKit's client really sent.
  counter = await startServer(async (request, response: ServerResponse) => {
    const body = request.json as { method: string; params: any[] } | { method: string; params: any[] }[]
    for (const call of Array.isArray(body) ? body : [body]) forwarded.push({ method: call.method, params: call.params })
    const answer = await fetch(rpcUrl(31337), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: request.body,
    })
    sendJson(response, answer.status, await answer.json())
  })
})
test.after(async () => {
  await counter?.close()
  await chains?.stop()
})

test('the sandbox has Multicall3 at its canonical address', async () => {
  const code = (await node(31337, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])) as string
  assert.ok(code.length > 1000, 'code is installed')
})

test('a burst of reads becomes Multicall3 aggregate3 calls of at most 1024 bytes of call data each', async () => {
  const client = createClientCache({})(sandboxEvmNetwork(31337, counter.url))
  const [usdc, skt] = chains.tokens[31337]!
  const holders = Array.from({ length: 30 }, (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}` as Hex)
  holders[0] = chains.accounts.wallet
  forwarded = []
  // 60 balanceOf reads (36 bytes of call data each) in one tick.
  const balances = await Promise.all(
    [usdc!, skt!].flatMap((token) =>
      holders.map((holder) =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
      ),
    ),
  )
  assert.is(balances.length, 60)
  assert.is(balances[0], 1_250_500_000n, "the wallet's USDC, read through the multicall")
  assert.is(balances[30], parseEther('42'), "the wallet's SKT")
  assert.ok(balances.slice(1, 30).every((balance) => balance === 0n))
  const calls = forwarded.filter(({ method }) => method === 'eth_call')
  assert.is(forwarded.length, calls.length, 'nothing but eth_call')
  // 28 reads of 36 bytes fit in 1024 bytes: 28 + 28 + 4.
  assert.is(calls.length, 3, `${calls.length} multicalls for 60 reads`)
  const sizes = calls.map(({ params }) => {
    assert.is(params[0].to.toLowerCase(), MULTICALL3_ADDRESS.toLowerCase())
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: params[0].data })
    assert.is(functionName, 'aggregate3')
    const batch = args[0] as readonly { callData: Hex }[]
    assert.ok(batch.reduce((sum, { callData }) => sum + (callData.length - 2) / 2, 0) <= 1024)
    return batch.length
  })
  assert.equal(sizes, [28, 28, 4])
})

/** The same failure as a wallet passes the node's answer on, and as viem's actions raise it. */
async function bothWays(request: Record<string, unknown>, kind: ExecutionErrorKind, text: string): Promise<void> {
  const raw = await rejection(node(31337, 'eth_sendTransaction', [request]))
  assert.is(executionErrorKind(raw), kind, `node: ${raw.message}`)
  assert.is(describeTransactionError(raw), text)
  const wallet = createWalletClient({ transport: http(rpcUrl(31337), { retryCount: 0 }) })
  const hex = (value: unknown) => (typeof value === 'string' ? BigInt(value) : undefined)
  const viemError = await rejection(
    wallet.sendTransaction({
      account: request['from'] as Hex,
      to: request['to'] as Hex,
      chain: null,
      value: hex(request['value']) ?? 0n,
      ...(request['gas'] ? { gas: hex(request['gas'])! } : {}),
      ...(request['nonce'] ? { nonce: Number(request['nonce']) } : {}),
      ...(request['maxFeePerGas'] ? { maxFeePerGas: hex(request['maxFeePerGas'])! } : {}),
      ...(request['maxPriorityFeePerGas'] ? { maxPriorityFeePerGas: hex(request['maxPriorityFeePerGas'])! } : {}),
    } as never),
  )
  assert.is(executionErrorKind(viemError), kind, `viem: ${viemError.shortMessage ?? viemError.message}`)
  assert.is(describeTransactionError(viemError), text)
}

test("insufficient funds: SigKit's send through the test wallet, the node's answer and viem's", async () => {
  const network = sandboxEvmNetwork(31337, rpcUrl(31337))
  const adapter = createEip155Adapter({ projectId: '', endpoints: { api: counter.url, rpc: counter.url } })
  const { provider, person } = makeWallet(chains as unknown as Sandbox)
  person.willApprove()
  await adapter.connect({ provider, network })
  person.willApprove()
  const error = await rejection(
    adapter.sendTransaction({
      provider,
      network,
      from: chains.accounts.wallet,
      to: chains.accounts.recipient,
      amount: '1000000',
    }),
  )
  assert.is(executionErrorKind(error), 'insufficientFunds', String(error?.message))
  assert.is(describeTransactionError(error), 'Insufficient funds for the amount and the network fee')
  await bothWays(
    { from: chains.accounts.recipient, to: chains.accounts.wallet, value: `0x${parseEther('1000000').toString(16)}` },
    'insufficientFunds',
    'Insufficient funds for the amount and the network fee',
  )
})

test('a revert: the token refuses a transfer above the balance, and its reason is told', async () => {
  const client = createClientCache({})(sandboxEvmNetwork(31337, rpcUrl(31337)))
  const usdc = chains.tokens[31337]![0]!
  const error = await rejection(
    prepareTransaction(client, {
      from: chains.accounts.recipient,
      to: usdc.address,
      data: ('0xa9059cbb' +
        chains.accounts.wallet.slice(2).padStart(64, '0') +
        (10n ** 12n).toString(16).padStart(64, '0')) as Hex,
    }),
  )
  assert.is(executionErrorKind(error), 'reverted')
  assert.is(describeTransactionError(error), 'The transaction would fail: ERC20: transfer amount exceeds balance')
})

test('nonce too low, intrinsic gas too low, fee cap under the base fee, tip above the fee cap', async () => {
  const from = chains.accounts.recipient
  const to = chains.accounts.wallet
  // The account's nonce moves past 0 first.
  await node(31337, 'eth_sendTransaction', [{ from, to, value: '0x1' }])
  await bothWays(
    { from, to, value: '0x1', nonce: '0x0' },
    'nonceTooLow',
    'The nonce was already used by another transaction',
  )
  await bothWays(
    { from, to, value: '0x1', gas: '0x4e20' },
    'intrinsicGasTooLow',
    'The gas limit is too low for this transaction',
  )
  await bothWays(
    { from, to, value: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' },
    'feeCapTooLow',
    "The fee cap is lower than the network's base fee",
  )
  const raw = await rejection(
    node(31337, 'eth_sendTransaction', [
      {
        from,
        to,
        value: '0x1',
        maxFeePerGas: `0x${parseGwei('2').toString(16)}`,
        maxPriorityFeePerGas: `0x${parseGwei('3').toString(16)}`,
      },
    ]),
  )
  assert.is(executionErrorKind(raw), 'tipAboveFeeCap', raw.message)
  assert.is(describeTransactionError(raw), 'The priority fee is higher than the fee cap')
})

test('a receipt wait with mining stopped ends with the timeout error; the production wait is 180 s', async () => {
  assert.is(RECEIPT_WAIT.timeoutMs, 180_000)
  const client = createClientCache({})(sandboxEvmNetwork(31338, rpcUrl(31338)))
  await node(31338, 'evm_setAutomine', [false])
  try {
    const hash = (await node(31338, 'eth_sendTransaction', [
      { from: chains.accounts.recipient, to: chains.accounts.wallet, value: '0x1' },
    ])) as Hex
    const started = Date.now()
    const error = await rejection(waitForReceipt(client, hash, { ...RECEIPT_WAIT, timeoutMs: 800 }))
    const waited = Date.now() - started
    assert.is(error.name, 'WaitForTransactionReceiptTimeoutError')
    assert.ok(waited >= 750 && waited < 3000, `gave up after ${waited} ms`)
    assert.is(describeTransactionError(error), 'Transaction confirmation timed out')
    // Once mined, the same wait ends with the receipt.
    await node(31338, 'evm_mine')
    const outcome = await waitForReceipt(client, hash, { ...RECEIPT_WAIT, timeoutMs: 10_000 })
    assert.is(outcome.status, 'success')
  } finally {
    await node(31338, 'evm_setAutomine', [true])
  }
})

test.run()
