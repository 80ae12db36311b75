// Swaps through SigKit against the sandbox: the convert client's quotes equal what the AMM's
// router returns on chain, and the swap controller (the Swap view's flow) swaps with the test
// wallet: ETH → USDC, USDC → SKT after an approval, a declined approval that changes nothing, and
// a swap that reverts on chain because the pool moved while the wallet asked, its reason decoded.
// Balances are read from the chains directly and from SigKit's account state.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { erc20Abi, getAddress, parseEther, parseUnits, type Hex } from 'viem'
import { loadAmmArtifact } from '../../../demo/sandbox/amm.mjs'
import { createConvertApi, type ConvertApi } from '../../../src/api/convert-api'
import { getAccountState } from '../../../src/core/state/account'
import { setActiveCaipNetwork } from '../../../src/core/state/network'
import { connect } from '../../../src/core/wallet/connect'
import type { CaipNetwork } from '../../../src/core/types'
import {
  GAS_PRICE_UNSUPPORTED,
  SWAP_ERRORS,
  confirmSwap,
  currentQuote,
  formProblem,
  initSwap,
  needsApproval,
  resetSwap,
  reviewSwap,
  swapState,
} from '../../../src/features/swaps/controller'
import {
  CONNECTOR_ID,
  PROJECT_ID,
  chainClient,
  configureCore,
  makeWallet,
  networkFor,
  nodeRpc,
  scriptedPerson,
  startSandbox,
  tokenBalanceOf,
  tokenOf,
  waitFor,
  type Person,
  type Sandbox,
} from '../eip155/helpers'
import { resetAllState } from '../../unit/helpers/reset'

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const routerAbi = loadAmmArtifact('SwapRouter').abi

let sandbox: Sandbox
let l1: CaipNetwork
let api: ConvertApi
let person: Person
let account: Hex
/** Runs while the wallet's prompt is open, before the person answers (a pool moving meanwhile). */
let whileAsked: ((method: string) => Promise<void>) | undefined

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  api = createConvertApi({ baseUrl: sandbox.apiUrl, projectId: PROJECT_ID })
  const script = scriptedPerson()
  person = {
    ...script,
    approve: async (request) => {
      await whileAsked?.(request.method)
      return script.approve(request)
    },
  }
  const { provider } = makeWallet(sandbox, { person })
  configureCore(sandbox, [l1, networkFor(sandbox, 31338)], provider)
  account = getAddress(sandbox.accounts.wallet)
  person.willApprove()
  await connect(CONNECTOR_ID)
  // The first balance read goes through the emulator to anvil while other files start their own
  // sandboxes beside this one: slower than a single test's wait on a loaded 2-core machine.
  await waitFor(() => getAccountState('eip155').tokenBalance.value.length > 0, { what: 'balances', timeoutMs: 15_000 })
})
test.after(async () => {
  await resetAllState()
  await sandbox?.stop()
})
test.before.each(() => {
  whileAsked = undefined
})

const caip10 = (address: string) => `eip155:31337:${address}`
const usdc = () => tokenOf(sandbox, 31337, 'USDC')
const skt = () => tokenOf(sandbox, 31337, 'SKT')
const amm = () => sandbox.amm[31337]!

/** The router's own answer, read from the chain directly. */
async function routerQuote(amountIn: bigint, path: Hex[]): Promise<bigint> {
  const amounts = (await chainClient(sandbox, 31337).readContract({
    address: amm().router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })) as readonly bigint[]
  return amounts.at(-1) as bigint
}

/** Starts the form with swap arguments and waits for its quote. */
async function quoteFor(args: { fromToken: string; toToken: string; amount: string }) {
  initSwap(args)
  return waitFor(() => currentQuote.value, { timeoutMs: 5000, what: 'a quote' })
}

test("the emulator's quotes, through SigKit's client, equal the router's getAmountsOut on chain", async () => {
  const cases: [string, string, bigint, Hex[]][] = [
    [NATIVE, usdc().address, parseEther('0.1'), [amm().weth, usdc().address]],
    [usdc().address, NATIVE, parseUnits('500', 6), [usdc().address, amm().weth]],
    [usdc().address, skt().address, parseUnits('25', 6), [usdc().address, skt().address]],
    [skt().address, NATIVE, parseEther('40'), [skt().address, amm().weth]],
  ]
  for (const [from, to, amount, path] of cases) {
    const quote = await api.getQuote({ amount, userAddress: account, from: caip10(from), to: caip10(to) })
    assert.is(quote.fromAmount, amount)
    assert.is(quote.toAmount, await routerQuote(amount, path), `${from} → ${to}`)
  }
  const tokens = await api.getTokens('eip155:31337')
  assert.equal(tokens.map((token) => token.symbol).sort(), ['ETH', 'SKT', 'USDC'])
  const prices = await api.getPrices([caip10(NATIVE), caip10(usdc().address)])
  assert.is(prices.get('usdc'), 1)
  assert.ok(Math.abs((prices.get('eth') as number) - 3000) < 30, `ETH from the pool: ${prices.get('eth')}`)
})

test('ETH → USDC through the controller and the test wallet: USDC rises by at least the minimum shown', async () => {
  const quote = await quoteFor({ fromToken: 'ETH', toToken: 'USDC', amount: '0.1' })
  assert.is(quote.toAmount, await routerQuote(parseEther('0.1'), [amm().weth, usdc().address]))
  assert.is(formProblem.value, undefined)
  assert.ok(reviewSwap())
  assert.not.ok(needsApproval.value)
  const usdcBefore = await tokenBalanceOf(sandbox, 31337, 'USDC', account)
  person.willApprove()
  assert.is(await confirmSwap(), 'swapped', String(swapState.error.value))
  assert.equal(person.asked.map((request) => request.method).slice(-1), ['eth_sendTransaction'], 'one wallet request')
  const usdcAfter = await tokenBalanceOf(sandbox, 31337, 'USDC', account)
  assert.ok(usdcAfter - usdcBefore >= quote.minimum, `${usdcAfter - usdcBefore} ≥ ${quote.minimum}`)
  assert.is(usdcAfter - usdcBefore, quote.toAmount, 'nobody moved the pool: exactly the quote')
  // SigKit's balances were refreshed once the swap was mined.
  const shown = getAccountState('eip155').tokenBalance.value.find((token) => token.symbol === 'USDC')
  assert.is(shown?.quantity.numeric, String(Number(usdcAfter) / 1e6))
  assert.is(swapState.amount.value, '')
})

test('USDC → SKT: a declined approval changes nothing, then approve and swap', async () => {
  const router = amm().router
  const allowance = () =>
    chainClient(sandbox, 31337).readContract({
      address: usdc().address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [account, router],
    })
  assert.is(await allowance(), 0n)
  const quote = await quoteFor({ fromToken: 'USDC', toToken: 'SKT', amount: '25' })
  assert.ok(reviewSwap())
  await waitFor(() => swapState.allowance.value !== undefined, { what: 'the allowance' })
  assert.ok(needsApproval.value, 'the router may not spend USDC yet')
  const before = {
    usdc: await tokenBalanceOf(sandbox, 31337, 'USDC', account),
    skt: await tokenBalanceOf(sandbox, 31337, 'SKT', account),
  }

  person.willReject()
  assert.is(await confirmSwap(), 'declined')
  assert.is(swapState.error.value, SWAP_ERRORS.approvalDeclined)
  assert.is(swapState.amount.value, '25')
  assert.is(swapState.step.value, 'review')
  assert.is(await allowance(), 0n)
  assert.is(await tokenBalanceOf(sandbox, 31337, 'USDC', account), before.usdc)

  person.willApprove(2)
  assert.is(await confirmSwap(), 'swapped', String(swapState.error.value))
  assert.ok((await allowance()) >= parseUnits('25', 6), 'approved')
  assert.is(await tokenBalanceOf(sandbox, 31337, 'USDC', account), before.usdc - parseUnits('25', 6))
  const gained = (await tokenBalanceOf(sandbox, 31337, 'SKT', account)) - before.skt
  assert.ok(gained >= quote.minimum, `${gained} ≥ ${quote.minimum}`)
})

test('a pool that moves while the wallet asks: the swap reverts on chain and says why', async () => {
  await quoteFor({ fromToken: 'ETH', toToken: 'USDC', amount: '1' })
  assert.ok(reviewSwap())
  // Someone else swaps 100 ETH into the pool between the price check and the signature.
  whileAsked = async (method) => {
    if (method !== 'eth_sendTransaction') return
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const { encodeFunctionData } = await import('viem')
    const hash = await nodeRpc(sandbox, 31337, 'eth_sendTransaction', [
      {
        from: sandbox.accounts.recipient,
        to: amm().router,
        value: `0x${parseEther('100').toString(16)}`,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [0n, [amm().weth, usdc().address], sandbox.accounts.recipient, deadline],
        }),
      },
    ])
    // Anvil may answer before the block is written: were both swaps pending together, the block
    // could order the visitor's first (by fee), and it would not revert.
    await waitFor(() => nodeRpc(sandbox, 31337, 'eth_getTransactionReceipt', [hash]), { what: 'the other swap mined' })
  }
  const ethBefore = await chainClient(sandbox, 31337).getBalance({ address: account })
  person.willApprove()
  assert.is(await confirmSwap(), 'failed')
  assert.is(swapState.error.value, 'The swap failed on chain: SwapRouter: insufficient output amount')
  assert.is(swapState.amount.value, '1', 'the form keeps its values')
  const ethAfter = await chainClient(sandbox, 31337).getBalance({ address: account })
  assert.ok(ethBefore - ethAfter < parseEther('0.01'), 'only gas was spent')
})

test("the emulator's answers in words: no liquidity for a dust amount, a chain without an AMM", async () => {
  await quoteFor({ fromToken: 'ETH', toToken: 'USDC', amount: '0.1' }).catch(() => undefined)
  initSwap({ fromToken: 'ETH', toToken: 'USDC', amount: '0.000000000000000001' })
  await waitFor(() => swapState.quoteError.value, { what: 'the quote error' })
  assert.is(formProblem.value, SWAP_ERRORS.insufficientLiquidity)

  // A network the emulator has no AMM for (its RPC is the same anvil, the chain id is not).
  const other: CaipNetwork = { ...l1, id: 5, caipNetworkId: 'eip155:5', name: 'Elsewhere' }
  setActiveCaipNetwork(other)
  initSwap()
  await waitFor(() => swapState.support.value === 'unsupported', { what: 'unsupported' })
  setActiveCaipNetwork(l1)
})

test("the gas price route failing on demand: 'Network not supported for Gas Price', the quote still comes", async () => {
  sandbox.faults.set({ route: 'convertGasPrice', mode: '500' })
  try {
    resetSwap()
    const quote = await quoteFor({ fromToken: 'ETH', toToken: 'USDC', amount: '0.1' })
    await waitFor(() => swapState.gasPriceError.value, { what: 'the gas price error' })
    assert.is(swapState.gasPriceError.value, GAS_PRICE_UNSUPPORTED)
    assert.is(swapState.gasPrice.value, undefined)
    assert.is(quote.toAmount, await routerQuote(parseEther('0.1'), [amm().weth, usdc().address]))
  } finally {
    sandbox.faults.clear()
  }
  resetSwap()
  initSwap({ fromToken: 'ETH', toToken: 'USDC' })
  await waitFor(() => swapState.gasPrice.value, { what: 'the gas price, the route recovered' })
  assert.is(swapState.gasPriceError.value, undefined)
})

test.run()
