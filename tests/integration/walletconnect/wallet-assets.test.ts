// EIP-5792 and EIP-7811 over a real WalletConnect session (SigKit's connector, the WalletKit test
// wallet, the sandbox's relay): the wallet advertises asset discovery, so SigKit's token list is
// the wallet's wallet_getAssets answer, which the wallet reads from anvil (no balance API call);
// a fault on that path (a malformed reply, an error) falls back to the balance API. Batched calls
// through the dapp's provider: a batch that must be atomic gets EIP-5792's 5760 from this EOA
// wallet, told in its words; a plain batch runs and wallet_getCallsStatus reports its receipts; a
// call breaking SPEC §5 never reaches the wallet.
process.env['IS_VITEST'] = 'true'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { encodeFunctionData, erc20Abi, formatUnits, parseUnits, toHex, type Hex } from 'viem'
import { createWalletConnectWallet } from '../../../demo/walletconnect-wallet/node.mjs'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { SEND_CALLS_INVALID } from '../../../src/chains/eip155/send-calls'
import { walletConnectConnector } from '../../../src/connectors/walletconnect'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { validateOptions } from '../../../src/core/config/options'
import { getAccountState } from '../../../src/core/state/account'
import { connectionState } from '../../../src/core/state/connection'
import type { EIP1193Provider } from '../../../src/core/types'
import { refreshBalances } from '../../../src/core/wallet/balances'
import { connect, getWalletProvider } from '../../../src/core/wallet/connect'
import { describeWalletError } from '../../../src/lib/wallet-errors'
import { createMemoryStorage, installStorage } from '../../unit/helpers/memory-storage'
import {
  endpointsFor,
  networkFor,
  nodeRpc,
  rejection,
  startSandbox,
  tokenBalanceOf,
  tokenOf,
  waitFor,
  type Sandbox,
} from '../eip155/helpers'
import { closeSigKitProvider, exitSoon } from './helpers'

let sandbox: Sandbox
let wallet: Awaited<ReturnType<typeof createWalletConnectWallet>>
let provider: EIP1193Provider
const eip155 = () => getAccountState('eip155')
const asked = (method: string) => wallet.requests().filter((request) => request.method === method)
const symbols = () =>
  eip155()
    .tokenBalance.peek()
    .map((token) => `${token.symbol} ${token.quantity.numeric}`)
    .sort()

async function expectedLines(): Promise<string[]> {
  const lines = await Promise.all(
    ['USDC', 'SKT'].map(async (symbol) => {
      const token = tokenOf(sandbox, 31337, symbol)
      return `${symbol} ${formatUnits(await tokenBalanceOf(sandbox, 31337, symbol, wallet.evmAddress), token.decimals)}`
    }),
  )
  const wei = await nodeRpc(sandbox, 31337, 'eth_getBalance', [wallet.evmAddress, 'latest'])
  return [...lines, `ETH ${formatUnits(BigInt(wei), 18)}`].sort()
}

test.before(async () => {
  sandbox = await startSandbox()
  wallet = await createWalletConnectWallet({
    relayUrl: sandbox.relayUrl,
    evm: {
      rpcUrls: { 31337: networkFor(sandbox, 31337).rpcUrls.default.http[0]! },
      assets: { 31337: sandbox.walletAssets(31337) },
    },
  })
  installStorage(createMemoryStorage())
  initCore(
    validateOptions({
      projectId: 'sandbox',
      networks: [networkFor(sandbox, 31337)],
      endpoints: { ...endpointsFor(sandbox), relay: sandbox.relayUrl },
      metadata: { name: 'SigKit test dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
      features: { analytics: false },
    }),
  )
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
  const connecting = connect(walletConnectConnector, {})
  const uri = await waitFor(() => connectionState.wcUri.value, { what: 'the pairing URI', timeoutMs: 10_000 })
  await wallet.pair(uri)
  await wallet.approveNextSession()
  await connecting
  provider = (await getWalletProvider('eip155'))!.provider
})

test.after(async () => {
  await closeSigKitProvider()
  await wallet?.stop()
  await sandbox?.stop()
  exitSoon()
})

test('the wallet advertises asset discovery: its wallet_getAssets (read from anvil) is the token list, no balance API call', async () => {
  await waitFor(() => eip155().tokenBalance.peek().length > 0, { what: 'the token list' })
  assert.equal(symbols(), await expectedLines())
  assert.is(asked('wallet_getCapabilities').length, 1)
  assert.equal(asked('wallet_getAssets')[0]!.params, [{ account: eip155().address.peek(), chainFilter: ['0x7a69'] }])
  assert.is(sandbox.requests('balance').length, 0)
  const usdc = eip155()
    .tokenBalance.peek()
    .find((token) => token.symbol === 'USDC')!
  assert.is(usdc.address?.toLowerCase(), `eip155:31337:${tokenOf(sandbox, 31337, 'USDC').address}`.toLowerCase())
  assert.is(usdc.price, 1)
  assert.match(usdc.iconUrl, `${sandbox.apiUrl}/public/getTokenImage/USDC`)
})

test('the chain moves (a USDC transfer on anvil): the next refresh shows what the wallet reads now', async () => {
  const usdc = tokenOf(sandbox, 31337, 'USDC')
  const hash = await nodeRpc(sandbox, 31337, 'eth_sendTransaction', [
    {
      from: wallet.evmAddress,
      to: usdc.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [sandbox.accounts.recipient as Hex, parseUnits('7', usdc.decimals)],
      }),
    },
  ])
  await waitFor(() => nodeRpc(sandbox, 31337, 'eth_getTransactionReceipt', [hash]), { what: 'the transfer' })
  await refreshBalances('eip155', { force: true })
  assert.equal(symbols(), await expectedLines())
  assert.is(sandbox.requests('balance').length, 0)
})

test('a fault on the asset path (a malformed reply, then an error): the balance API answers instead', async () => {
  const original = console.warn
  console.warn = () => undefined
  try {
    for (const [mode, calls] of [
      ['malformed', 1],
      ['error', 2],
    ] as const) {
      wallet.faults.set({ method: 'wallet_getAssets', mode, times: 1 })
      await refreshBalances('eip155', { force: true })
      assert.is(sandbox.requests('balance').length, calls, mode)
      assert.equal(symbols(), await expectedLines(), `${mode}: the API's list, the same holdings`)
    }
  } finally {
    console.warn = original
  }
  await refreshBalances('eip155', { force: true })
  assert.is(sandbox.requests('balance').length, 2, 'the fault gone, the wallet answers again')
})

test('wallet_sendCalls that must be atomic: this EOA wallet answers 5760, told in EIP-5792’s words', async () => {
  const error = await rejection(
    provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: wallet.evmAddress,
          atomicRequired: true,
          calls: [{ to: sandbox.accounts.recipient, value: '0x1' }],
        },
      ],
    }),
  )
  assert.is(error.code, 5760)
  assert.is(describeWalletError(error), 'The wallet does not support atomic execution but the request requires it.')
})

test('a call whose data does not begin with 0x is refused before the wallet sees the batch', async () => {
  const before = asked('wallet_sendCalls').length
  const error = await rejection(
    provider.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', calls: [{ to: sandbox.accounts.recipient, data: 'deadbeef' }] }],
    }),
  )
  assert.is(error.message, SEND_CALLS_INVALID)
  assert.is(asked('wallet_sendCalls').length, before)
})

test('a batch that need not be atomic runs call by call; wallet_getCallsStatus reports 200 and each receipt', async () => {
  const before = BigInt(await nodeRpc(sandbox, 31337, 'eth_getBalance', [sandbox.accounts.recipient, 'latest']))
  const { id } = (await provider.request({
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: wallet.evmAddress,
        atomicRequired: false,
        calls: [
          { to: sandbox.accounts.recipient, value: toHex(1000n) },
          { to: sandbox.accounts.recipient, value: toHex(2000n) },
        ],
      },
    ],
  })) as { id: string }
  const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
    status: number
    atomic: boolean
    receipts: { transactionHash: string; status: string }[]
  }
  assert.is(status.status, 200)
  assert.is(status.atomic, false)
  assert.is(status.receipts.length, 2)
  assert.ok(status.receipts.every((receipt) => receipt.status === '0x1'))
  const after = BigInt(await nodeRpc(sandbox, 31337, 'eth_getBalance', [sandbox.accounts.recipient, 'latest']))
  assert.is(after - before, 3000n)
  const unknown = await rejection(
    provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'00'.repeat(32)}`] }),
  )
  assert.is(describeWalletError(unknown), 'This bundle id is unknown / has not been submitted')
})

test.run()
