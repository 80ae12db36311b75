// The eip155 adapter on viem, used directly against the sandbox: the test wallet connects, reads,
// sends and signs on real anvil chains, and every result is compared with what viem reads from
// the chain itself.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatEther, getAddress, parseEther, parseUnits, verifyMessage, type Hex } from 'viem'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { createClientCache } from '../../../src/chains/eip155/client'
import { prepareTransaction } from '../../../src/chains/eip155/send-transaction'
import { TRANSACTION_ERRORS } from '../../../src/chains/eip155/transaction-rules'
import type { ChainAdapter } from '../../../src/core/state/adapters'
import type { CaipNetwork, EIP1193Provider, TokenBalance } from '../../../src/core/types'
import {
  PROJECT_ID,
  chainClient,
  codeOf,
  endpointsFor,
  ethBalance,
  loggingProvider,
  makeWallet,
  networkFor,
  rejection,
  startSandbox,
  tokenBalanceOf,
  tokenOf,
  type LoggedCall,
  type Sandbox,
  type TestWallet,
  type Person,
} from './helpers'

let sandbox: Sandbox
let adapter: ChainAdapter
let l1: CaipNetwork
let l2: CaipNetwork
let wallet: TestWallet
let person: Person
let account: Hex
let recipient: Hex

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  l2 = networkFor(sandbox, 31338)
  adapter = createEip155Adapter({ projectId: PROJECT_ID, endpoints: endpointsFor(sandbox) })
  ;({ provider: wallet, person } = makeWallet(sandbox))
  account = sandbox.accounts.wallet as Hex
  recipient = sandbox.accounts.recipient as Hex
})
test.after(() => sandbox?.stop())

test('reconnect is silent: undefined before the person approved, no prompt', async () => {
  assert.is(await adapter.reconnect({ provider: wallet }), undefined)
  assert.is(person.asked.length, 0)
})

test('connect: the wallet prompts once, the adapter returns the checksummed account and chain 31337', async () => {
  person.willApprove()
  const result = await adapter.connect({ provider: wallet, network: l1 })
  assert.equal(result, { accounts: [getAddress(account)], chainId: 31337 })
  assert.equal(
    person.asked.map((request) => request.method),
    ['eth_requestAccounts'],
  )
})

test('reconnect after approval: the same account and chain, still without a prompt', async () => {
  const before = person.asked.length
  assert.equal(await adapter.reconnect({ provider: wallet }), { accounts: [getAddress(account)], chainId: 31337 })
  assert.is(person.asked.length, before)
})

test('native balance equals viem getBalance, formatted in ETH', async () => {
  const balance = await adapter.getNativeBalance({ address: account, network: l1 })
  assert.equal(balance, { value: formatEther(await ethBalance(sandbox, 31337, account)), symbol: 'ETH' })
  const onL2 = await adapter.getNativeBalance({ address: account, network: l2 })
  assert.is(onL2.value, formatEther(await ethBalance(sandbox, 31338, account)))
})

let tokens: TokenBalance[] = []

test('token balances through the balance route: native ETH, USDC 1250.5 (6 decimals), SKT 42, with prices', async () => {
  const before = sandbox.requests('balance').length
  tokens = await adapter.getTokenBalances({ address: account, network: l1 })
  assert.is(sandbox.requests('balance').length, before + 1, 'one request to the balance route')
  const usdc = tokenOf(sandbox, 31337, 'USDC')
  const skt = tokenOf(sandbox, 31337, 'SKT')
  const bySymbol = Object.fromEntries(tokens.map((token) => [token.symbol, token]))
  assert.equal(Object.keys(bySymbol).sort(), ['ETH', 'SKT', 'USDC'])
  const eth = bySymbol['ETH']!
  assert.is(eth.address, undefined, 'native ETH has no contract address')
  assert.is(eth.chainId, 'eip155:31337')
  assert.equal(eth.quantity, { decimals: '18', numeric: formatEther(await ethBalance(sandbox, 31337, account)) })
  assert.is(eth.price, 3000)
  assert.is(bySymbol['USDC']!.address, `eip155:31337:${usdc.address}`)
  assert.equal(bySymbol['USDC']!.quantity, { decimals: '6', numeric: '1250.5' })
  assert.is(bySymbol['USDC']!.price, 1)
  assert.is(bySymbol['USDC']!.value, 1250.5)
  assert.is(bySymbol['SKT']!.address, `eip155:31337:${skt.address}`)
  assert.equal(bySymbol['SKT']!.quantity, { decimals: '18', numeric: '42' })
  assert.is(bySymbol['SKT']!.price, 2.5)
  assert.is(bySymbol['SKT']!.value, 105)
  for (const token of tokens) assert.match(token.iconUrl, /^http:\/\/127\.0\.0\.1:\d+\/public\/getTokenImage\//)
  assert.ok(sandbox.requests('balance').at(-1)!.url.includes('chainId=eip155%3A31337'), 'asked for 31337 only')
})

test('reads go through the RPC proxy of the emulator (/v1/?chainId=&projectId=)', async () => {
  const rpc = sandbox.requests('rpc')
  assert.ok(rpc.length > 0, 'the native balance read went through the proxy')
  assert.ok(rpc.some((request) => request.url === `/v1/?chainId=eip155%3A31337&projectId=${PROJECT_ID}`))
})

test('send 0.01 ETH: the wallet prompts, the receipt says success, the recipient has exactly 0.01 ETH more', async () => {
  const client = chainClient(sandbox, 31337)
  const recipientBefore = await client.getBalance({ address: recipient })
  const prompts = person.asked.length
  person.willApprove()
  const hash = await adapter.sendTransaction({
    provider: wallet,
    network: l1,
    from: account,
    to: recipient,
    amount: '0.01',
  })
  assert.match(hash, /^0x[0-9a-f]{64}$/)
  assert.is(person.asked.length, prompts + 1)
  assert.is(person.asked.at(-1)!.method, 'eth_sendTransaction')
  const outcome = await adapter.waitForReceipt({ network: l1, hash })
  assert.equal(outcome, { hash, status: 'success' })
  const transaction = await client.getTransaction({ hash: hash as Hex })
  assert.is(transaction.to?.toLowerCase(), recipient.toLowerCase())
  assert.is(transaction.value, parseEther('0.01'))
  assert.is(transaction.type, 'eip1559', 'fees were estimated as EIP-1559 fees')
  assert.is((await client.getBalance({ address: recipient })) - recipientBefore, parseEther('0.01'))
})

test('send 5 USDC: an ERC-20 transfer to the token contract, the recipient holds exactly 5e6 more units', async () => {
  const usdcLine = tokens.find((token) => token.symbol === 'USDC')!
  const recipientBefore = await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)
  const walletBefore = await tokenBalanceOf(sandbox, 31337, 'USDC', account)
  const ethBefore = await ethBalance(sandbox, 31337, recipient)
  person.willApprove()
  const hash = await adapter.sendTransaction({
    provider: wallet,
    network: l1,
    from: account,
    to: recipient,
    amount: '5',
    token: usdcLine,
  })
  assert.is((await adapter.waitForReceipt({ network: l1, hash })).status, 'success')
  const transaction = await chainClient(sandbox, 31337).getTransaction({ hash: hash as Hex })
  assert.is(
    transaction.to?.toLowerCase(),
    tokenOf(sandbox, 31337, 'USDC').address.toLowerCase(),
    'sent to the token contract',
  )
  assert.is(transaction.value, 0n)
  assert.is((await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)) - recipientBefore, parseUnits('5', 6))
  assert.is(walletBefore - (await tokenBalanceOf(sandbox, 31337, 'USDC', account)), 5_000_000n)
  assert.is(await ethBalance(sandbox, 31337, recipient), ethBefore, 'no ETH moved to the recipient')
  const after = await adapter.getTokenBalances({ address: account, network: l1, forceUpdate: true })
  assert.is(after.find((token) => token.symbol === 'USDC')!.quantity.numeric, '1245.5')
})

test('switch to 31338 goes through the add-chain path: 4902, wallet_addEthereumChain, then the wallet is on 0x7a6a', async () => {
  const spy = loggingProvider(wallet)
  const chainChanged: unknown[] = []
  const onChain = (id: unknown) => chainChanged.push(id)
  wallet.on('chainChanged', onChain)
  person.willApprove()
  await adapter.switchNetwork!({ provider: spy, network: l2 })
  wallet.removeListener('chainChanged', onChain)
  assert.equal(
    spy.log.map((call) => [call.method, call.error?.code]),
    [
      ['wallet_switchEthereumChain', 4902],
      ['wallet_addEthereumChain', undefined],
      ['eth_chainId', undefined],
    ],
    'the wallet switched while adding, so no second switch request',
  )
  const added = (spy.log[1]!.params as any[])[0]
  assert.equal(added, {
    chainId: '0x7a6a',
    rpcUrls: [sandbox.chains[1]!.rpcUrl],
    chainName: 'Localhost L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    blockExplorerUrls: undefined,
  })
  assert.is(person.asked.at(-1)!.action, 'Add network')
  assert.is(await wallet.request({ method: 'eth_chainId' }), '0x7a6a')
  assert.equal(chainChanged, ['0x7a6a'])
  assert.equal(await adapter.reconnect({ provider: wallet }), { accounts: [getAddress(account)], chainId: 31338 })
})

test('switch back to 31337 is a plain wallet_switchEthereumChain the person approves', async () => {
  const spy = loggingProvider(wallet)
  person.willApprove()
  await adapter.switchNetwork!({ provider: spy, network: l1 })
  assert.equal(
    spy.log.map((call) => [call.method, call.error?.code]),
    [['wallet_switchEthereumChain', undefined]],
  )
  assert.equal(spy.log[0]!.params, [{ chainId: '0x7a69' }])
  assert.is(person.asked.at(-1)!.action, 'Switch network')
  assert.is(await wallet.request({ method: 'eth_chainId' }), '0x7a69')
  // Already there: nothing to ask.
  const prompts = person.asked.length
  await adapter.switchNetwork!({ provider: wallet, network: l1 })
  assert.is(person.asked.length, prompts)
})

test('personal_sign: the signature verifies with viem verifyMessage', async () => {
  const message = 'Hello from SigKit ✓'
  person.willApprove()
  const signature = await adapter.signMessage({ provider: wallet, address: account, message })
  assert.match(signature, /^0x[0-9a-f]{130}$/i)
  assert.is(person.asked.at(-1)!.method, 'personal_sign')
  assert.ok(await verifyMessage({ address: account, message, signature: signature as Hex }))
  assert.not.ok(await verifyMessage({ address: recipient, message, signature: signature as Hex }))
})

test('a declined signature rejects with code 4001', async () => {
  person.willReject()
  const error = await rejection(adapter.signMessage({ provider: wallet, address: account, message: 'no' }))
  assert.is(codeOf(error), 4001)
  assert.is(person.pendingAnswers, 0)
})

test('transaction rules reject before anything reaches the wallet, each with its text', async () => {
  const client = createClientCache({ rpcProxy: sandbox.apiUrl, projectId: PROJECT_ID })(l1)
  const nonceBefore = await chainClient(sandbox, 31337).getTransactionCount({ address: account })
  const prompts = person.asked.length
  const base = { from: account, to: recipient, value: 1n }
  const cases: [string, Parameters<typeof prepareTransaction>[1]][] = [
    [TRANSACTION_ERRORS.mixedFees, { ...base, gasPrice: 10n, maxFeePerGas: 20n }],
    [TRANSACTION_ERRORS.mixedFees, { ...base, gasPrice: 10n, maxPriorityFeePerGas: 1n }],
    [TRANSACTION_ERRORS.tipAboveMax, { ...base, maxFeePerGas: 10n, maxPriorityFeePerGas: 20n }],
    [TRANSACTION_ERRORS.maxFeeTooHigh, { ...base, maxFeePerGas: 2n ** 256n }],
    [TRANSACTION_ERRORS.invalidFrom, { ...base, from: '0x1234' as Hex }],
    [TRANSACTION_ERRORS.invalidTo, { ...base, to: '0xnot-an-address' as Hex }],
  ]
  for (const [text, request] of cases) {
    const error = await rejection(prepareTransaction(client, request))
    assert.is(error.message, text)
  }
  assert.is(TRANSACTION_ERRORS.maxFeeTooHigh, 'maxFeePerGas cannot be higher than 2^256-1')
  // Through the adapter's own send: a bad receiver or sender never reaches the wallet either.
  let error = await rejection(
    adapter.sendTransaction({ provider: wallet, network: l1, from: account, to: '0x1234', amount: '0.01' }),
  )
  assert.is(error.message, 'Invalid to address')
  error = await rejection(
    adapter.sendTransaction({ provider: wallet, network: l1, from: 'me', to: recipient, amount: '0.01' }),
  )
  assert.is(error.message, 'Invalid from address')
  assert.is(person.asked.length, prompts, 'the wallet never prompted')
  assert.is(
    await chainClient(sandbox, 31337).getTransactionCount({ address: account }),
    nonceBefore,
    'nothing was sent',
  )
  // Valid explicit fees pass the rules and are kept; only the gas is filled in.
  const prepared = await prepareTransaction(client, {
    ...base,
    maxFeePerGas: 2n * 10n ** 9n,
    maxPriorityFeePerGas: 10n ** 9n,
  })
  assert.is(prepared.maxFeePerGas, 2n * 10n ** 9n, 'given fees are kept')
  assert.is(prepared.gas, 21000n, 'gas is estimated')
})

/**
 * A wallet that does not know eth_sendTransaction (-32601) but takes wallet_sendTransaction,
 * which it serves with the test wallet's eth_sendTransaction underneath.
 */
function walletSendOnly(inner: EIP1193Provider): EIP1193Provider & { log: LoggedCall[] } {
  const log: LoggedCall[] = []
  return {
    log,
    async request(args) {
      log.push({ method: args.method, params: args.params })
      if (args.method === 'eth_sendTransaction')
        throw Object.assign(new Error('The method eth_sendTransaction does not exist'), { code: -32601 })
      if (args.method === 'wallet_sendTransaction')
        return inner.request({ method: 'eth_sendTransaction', params: args.params })
      return inner.request(args)
    },
    on: (event, listener) => inner.on?.(event, listener),
    removeListener: (event, listener) => inner.removeListener?.(event, listener),
  }
}

test('wallet_sendTransaction fallback on -32601, remembered for the next send', async () => {
  const provider = walletSendOnly(wallet)
  const client = chainClient(sandbox, 31337)
  const recipientBefore = await client.getBalance({ address: recipient })
  person.willApprove()
  const first = await adapter.sendTransaction({ provider, network: l1, from: account, to: recipient, amount: '0.001' })
  assert.equal(
    provider.log.map((call) => call.method),
    ['eth_chainId', 'eth_sendTransaction', 'wallet_sendTransaction'],
    'the wallet’s chain is checked first',
  )
  assert.equal(provider.log[2]!.params, provider.log[1]!.params, 'the same transaction is retried')
  assert.is((await adapter.waitForReceipt({ network: l1, hash: first })).status, 'success')

  person.willApprove()
  const second = await adapter.sendTransaction({ provider, network: l1, from: account, to: recipient, amount: '0.002' })
  assert.equal(
    provider.log.map((call) => call.method),
    ['eth_chainId', 'eth_sendTransaction', 'wallet_sendTransaction', 'eth_chainId', 'wallet_sendTransaction'],
    'the fallback is remembered: straight to wallet_sendTransaction',
  )
  assert.is((await adapter.waitForReceipt({ network: l1, hash: second })).status, 'success')
  assert.is((await client.getBalance({ address: recipient })) - recipientBefore, parseEther('0.003'))

  // The test wallet itself is not affected: it still gets eth_sendTransaction.
  const direct = loggingProvider(wallet)
  person.willApprove()
  await adapter.waitForReceipt({
    network: l1,
    hash: await adapter.sendTransaction({
      provider: direct,
      network: l1,
      from: account,
      to: recipient,
      amount: '0.001',
    }),
  })
  assert.equal(
    direct.log.map((call) => call.method),
    ['eth_chainId', 'eth_sendTransaction'],
  )
})

test('a fallback the wallet does not support either is not remembered, and the wallet’s own error is reported', async () => {
  // The test wallet has no wallet_sendTransaction (4200). This wrapper refuses the input of the
  // first eth_sendTransaction (-32602), as a wallet may for one transaction.
  const log: LoggedCall[] = []
  let refused = false
  const provider: EIP1193Provider = {
    async request(args) {
      log.push({ method: args.method, params: args.params })
      if (args.method === 'eth_sendTransaction' && !refused) {
        refused = true
        throw Object.assign(new Error('Invalid parameters: the wallet refused this transaction'), { code: -32602 })
      }
      return wallet.request(args as never)
    },
  }
  const prompts = person.asked.length
  const error = await rejection(
    adapter.sendTransaction({ provider, network: l1, from: account, to: recipient, amount: '0.001' }),
  )
  assert.equal(
    log.map((call) => call.method),
    ['eth_chainId', 'eth_sendTransaction', 'wallet_sendTransaction'],
  )
  assert.is(codeOf(error), -32602, 'the wallet’s answer to eth_sendTransaction, not 4200 for the fallback')
  assert.is(person.asked.length, prompts)

  person.willApprove()
  const hash = await adapter.sendTransaction({ provider, network: l1, from: account, to: recipient, amount: '0.001' })
  assert.equal(
    log.map((call) => call.method).slice(3),
    ['eth_chainId', 'eth_sendTransaction'],
    'the next send uses eth_sendTransaction again',
  )
  assert.is((await adapter.waitForReceipt({ network: l1, hash })).status, 'success')
})

test('a declined transaction rejects with 4001 and sends nothing', async () => {
  const nonceBefore = await chainClient(sandbox, 31337).getTransactionCount({ address: account })
  person.willReject()
  const error = await rejection(
    adapter.sendTransaction({ provider: wallet, network: l1, from: account, to: recipient, amount: '0.01' }),
  )
  assert.is(codeOf(error), 4001)
  assert.is(await chainClient(sandbox, 31337).getTransactionCount({ address: account }), nonceBefore)
})

test('isAddress accepts any-case addresses and refuses the rest', () => {
  assert.ok(adapter.isAddress(recipient))
  assert.ok(adapter.isAddress(recipient.toLowerCase()))
  assert.not.ok(adapter.isAddress('0x1234'))
  assert.not.ok(adapter.isAddress('vitalik.eth'))
})

test.run()
