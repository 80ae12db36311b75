// The emulator's swap routes against the real AMM on the anvil chains: quotes equal the router's
// own getAmountsOut, the calldata it builds really swaps when the test wallet's key signs it
// (ETH in, ETH out, token to token after an approval), prices follow the pools' reserves, and
// errors and faults come in the hosted shapes.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Hex,
  type PublicClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { readFileSync } from 'node:fs'
import { loadAmmArtifact } from '../../../demo/sandbox/amm.mjs'
import {
  AMM_CONTRACTS,
  ammArtifactFile,
  compileAmm,
  serializeArtifact,
} from '../../../demo/sandbox/contracts/compile.mjs'
import { viemChainFor } from '../../../demo/sandbox/chains.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { fetchJson, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const SDK_PARAMS = 'projectId=test-project&st=appkit&sv=html-core-1.0.0'
/** The key behind the test wallet (anvil account #0), signing locally as a wallet would. */
const walletAccount = mnemonicToAccount('test test test test test test test test test test test junk')
const routerAbi = loadAmmArtifact('SwapRouter').abi
const pairAbi = loadAmmArtifact('SwapPair').abi

test.before(async () => {
  sandbox = await startSandbox()
  api = sandbox.apiUrl
})
test.after(() => sandbox?.stop())
test.before.each(() => sandbox.faults.clear())

/** One chain's AMM, tokens and clients, plus CAIP-10 helpers. */
function onChain(chainId: 31337 | 31338) {
  const chain = sandbox.chains.find((candidate) => candidate.chainId === chainId)!
  const [usdc, skt] = sandbox.tokens[chainId]! as { address: Hex; symbol: string; decimals: number }[]
  const amm = sandbox.amm[chainId]!
  const client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  const wallet = createWalletClient({
    account: walletAccount,
    chain: viemChainFor(chain),
    transport: http(chain.rpcUrl),
  })
  const caip10 = (address: string) => `eip155:${chainId}:${address}`
  return { chain, usdc: usdc!, skt: skt!, amm, client, wallet, caip10, user: caip10(walletAccount.address) }
}

const tokenBalance = (client: PublicClient, token: Hex, owner: Hex) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

const quoteUrl = (from: string, to: string, amount: bigint | string) =>
  `${api}/v1/convert/quotes?amount=${amount}&userAddress=${walletAccount.address}&from=${from}&to=${to}&gasPrice=1000000000&${SDK_PARAMS}`

const buildTransaction = (from: string, to: string, amount: bigint, userAddress: string, disableEstimate = true) =>
  postJson(`${api}/v1/convert/build-transaction`, {
    amount: amount.toString(),
    eip155: { slippage: 1 },
    projectId: 'test-project',
    from,
    to,
    userAddress,
    disableEstimate,
  })

/** Send what the API built, signed with the wallet's key, as the widget would; the receipt. */
async function sendBuilt(
  on: ReturnType<typeof onChain>,
  tx: { to: string; data: Hex; eip155: { gas: string | number; gasPrice: string } },
  value = 0n,
) {
  const hash = await on.wallet.sendTransaction({
    to: tx.to.split(':')[2] as Hex,
    data: tx.data,
    value,
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  return on.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

test('the AMM on both chains: router, WETH and three seeded pairs, as sandboxConfig() says', async () => {
  for (const chainId of [31337, 31338] as const) {
    const on = onChain(chainId)
    assert.equal(sandbox.sandboxConfig().amm[chainId], on.amm)
    assert.is(
      await on.client.readContract({ address: on.amm.router, abi: routerAbi, functionName: 'weth' }),
      on.amm.weth,
    )
    assert.equal(
      on.amm.pairs.map((pair) => pair.symbols.join('/')),
      ['WETH/USDC', 'WETH/SKT', 'USDC/SKT'],
    )
    for (const pair of on.amm.pairs) {
      const [a, b] = pair.tokens
      const registered = await on.client.readContract({
        address: on.amm.router,
        abi: routerAbi,
        functionName: 'pairFor',
        args: [b, a],
      })
      assert.is(registered, pair.address)
      const [reserve0, reserve1] = (await on.client.readContract({
        address: pair.address,
        abi: pairAbi,
        functionName: 'getReserves',
      })) as [bigint, bigint]
      assert.ok(reserve0 > 0n && reserve1 > 0n, `${pair.symbols.join('/')} is seeded`)
    }
  }
  // Seeded by the token deployer: the test wallet has sent nothing and holds what it was funded.
  const on = onChain(31337)
  assert.is(await on.client.getTransactionCount({ address: walletAccount.address }), 0)
  assert.is(await tokenBalance(on.client, on.usdc.address, walletAccount.address), parseUnits('1250.5', 6))
})

test('GET /v1/convert/tokens: ETH (placeholder address), USDC and SKT as SwapTokens; other chains → hosted error', async () => {
  const on = onChain(31338)
  const { status, body } = await fetchJson(`${api}/v1/convert/tokens?chainId=eip155:31338&${SDK_PARAMS}`)
  assert.is(status, 200)
  assert.equal(body.tokens, [
    {
      name: 'Ether',
      symbol: 'ETH',
      address: on.caip10(NATIVE),
      decimals: 18,
      logoUri: `${api}/public/getTokenImage/ETH`,
      eip2612: false,
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      address: on.caip10(on.usdc.address),
      decimals: 6,
      logoUri: `${api}/public/getTokenImage/USDC`,
      eip2612: false,
    },
    {
      name: 'SigKit Token',
      symbol: 'SKT',
      address: on.caip10(on.skt.address),
      decimals: 18,
      logoUri: `${api}/public/getTokenImage/SKT`,
      eip2612: false,
    },
  ])
  for (const chainId of ['eip155:1', sandbox.solana.caipNetworkId, '']) {
    const other = await fetchJson(`${api}/v1/convert/tokens?chainId=${chainId}`)
    assert.is(other.status, 400)
    assert.is(other.body.status, 'FAILED')
    assert.is(other.body.reasons[0].field, 'chainId')
  }
  assert.equal(sandbox.api.swapNetworks, ['eip155:31337', 'eip155:31338'])
})

test('POST /v1/fungible/price: pool tokens priced from reserves (3000, 1, 2.5 as seeded)', async () => {
  const on = onChain(31337)
  const { body } = await postJson(`${api}/v1/fungible/price`, {
    currency: 'usd',
    projectId: 'test-project',
    addresses: [on.caip10(NATIVE), on.caip10(on.usdc.address), on.caip10(on.skt.address.toLowerCase())],
  })
  assert.equal(
    body.fungibles.map((item: any) => [item.symbol, item.price]),
    [
      ['ETH', 3000],
      ['USDC', 1],
      ['SKT', 2.5],
    ],
  )
})

test('GET /v1/convert/quotes equals the router’s getAmountsOut on chain, every direction, both chains', async () => {
  for (const chainId of [31337, 31338] as const) {
    const on = onChain(chainId)
    const cases: [string, Hex, string, Hex, bigint][] = [
      [NATIVE, on.amm.weth, on.usdc.address, on.usdc.address, parseEther('1')],
      [on.usdc.address, on.usdc.address, on.skt.address, on.skt.address, parseUnits('100', 6)],
      [on.skt.address, on.skt.address, NATIVE, on.amm.weth, parseUnits('5', 18)],
      [on.skt.address, on.skt.address, on.usdc.address, on.usdc.address, parseUnits('1', 18)],
    ]
    for (const [from, fromPool, to, toPool, amount] of cases) {
      const { status, body } = await fetchJson(quoteUrl(on.caip10(from), on.caip10(to), amount))
      assert.is(status, 200, JSON.stringify(body))
      const amounts = (await on.client.readContract({
        address: on.amm.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amount, [fromPool, toPool]],
      })) as bigint[]
      assert.equal(body.quotes, [
        {
          id: null,
          fromAmount: amount.toString(),
          fromAccount: on.caip10(from),
          toAmount: amounts[1]!.toString(),
          toAccount: on.caip10(to),
        },
      ])
    }
  }
  // 1 ETH buys a little under 3000 USDC: the fee and the price impact.
  const on = onChain(31337)
  const { body } = await fetchJson(quoteUrl(on.caip10(NATIVE), on.caip10(on.usdc.address), parseEther('1')))
  const usdc = Number(body.quotes[0].toAmount) / 1e6
  assert.ok(usdc > 2980 && usdc < 3000, `${usdc}`)
})

test('ETH → SKT: the built calldata swaps for the quoted amount (≥ the 1 % minimum), paying ETH as value', async () => {
  const on = onChain(31338)
  const amount = parseEther('0.5')
  const quoted = BigInt(
    (await fetchJson(quoteUrl(on.caip10(NATIVE), on.caip10(on.skt.address), amount))).body.quotes[0].toAmount,
  )
  const allowance = await fetchJson(
    `${api}/v1/convert/allowance?tokenAddress=${on.caip10(NATIVE)}&userAddress=${on.user}&${SDK_PARAMS}`,
  )
  assert.equal(allowance.body, { allowance: maxUint256.toString() }, 'the native token needs no approval')

  const { status, body } = await buildTransaction(on.caip10(NATIVE), on.caip10(on.skt.address), amount, on.user)
  assert.is(status, 200, JSON.stringify(body))
  assert.equal(Object.keys(body.tx).sort(), ['amount', 'data', 'eip155', 'from', 'to'])
  assert.is(body.tx.from, on.user)
  assert.is(body.tx.to, on.caip10(on.amm.router))
  assert.is(body.tx.amount, quoted.toString())
  assert.match(body.tx.eip155.gas, /^[0-9]+$/)
  assert.is(body.tx.eip155.gasPrice, (await on.client.getGasPrice()).toString())

  const ethBefore = await on.client.getBalance({ address: walletAccount.address })
  const sktBefore = await tokenBalance(on.client, on.skt.address, walletAccount.address)
  const receipt = await sendBuilt(on, body.tx, amount)
  assert.is(receipt.status, 'success')
  const sktAfter = await tokenBalance(on.client, on.skt.address, walletAccount.address)
  assert.is(sktAfter - sktBefore, quoted)
  // The calldata asks the router for at least the quote less the 1 % slippage, for the wallet.
  const call = decodeFunctionData({ abi: routerAbi, data: body.tx.data })
  assert.is(call.functionName, 'swapExactETHForTokens')
  const [amountOutMin, path, recipient, deadline] = call.args as [bigint, Hex[], Hex, bigint]
  assert.is(amountOutMin, (quoted * 99n) / 100n)
  assert.ok(sktAfter - sktBefore >= amountOutMin)
  assert.equal(path, [on.amm.weth, on.skt.address])
  assert.is(recipient.toLowerCase(), walletAccount.address.toLowerCase())
  assert.ok(deadline > BigInt(Math.floor(Date.now() / 1000)))
  const ethAfter = await on.client.getBalance({ address: walletAccount.address })
  assert.is(ethBefore - ethAfter, amount + receipt.gasUsed * receipt.effectiveGasPrice)
})

test('USDC → SKT: allowance short → build-approve → allowance ok → the swap moves both balances', async () => {
  const on = onChain(31337)
  const amount = parseUnits('100', 6)
  const allowanceUrl = `${api}/v1/convert/allowance?tokenAddress=${on.caip10(on.usdc.address)}&userAddress=${on.user}&${SDK_PARAMS}`
  const short = await fetchJson(allowanceUrl)
  assert.equal(short.body, { allowance: '0' })
  assert.ok(BigInt(short.body.allowance) < amount, 'approval needed')

  // Without an allowance, an estimated build says why the swap would fail.
  const refused = await buildTransaction(on.caip10(on.usdc.address), on.caip10(on.skt.address), amount, on.user, false)
  assert.is(refused.status, 400)
  assert.match(refused.body.reasons[0].description, /transferFrom failed/)

  const approve = await fetchJson(
    `${api}/v1/convert/build-approve?userAddress=${on.user}&from=${on.caip10(on.usdc.address)}&to=${on.caip10(on.skt.address)}&${SDK_PARAMS}`,
  )
  assert.is(approve.status, 200, JSON.stringify(approve.body))
  assert.is(approve.body.tx.from, on.caip10(on.usdc.address), 'the widget sends the approval to tx.from')
  assert.is(approve.body.tx.value, '0')
  assert.type(approve.body.tx.eip155.gas, 'number')
  const approval = await sendBuilt(on, { ...approve.body.tx, to: approve.body.tx.from })
  assert.is(approval.status, 'success')
  assert.equal((await fetchJson(allowanceUrl)).body, { allowance: maxUint256.toString() })
  assert.is(
    await on.client.readContract({
      address: on.usdc.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [walletAccount.address, on.amm.router],
    }),
    maxUint256,
  )

  const quoted = BigInt(
    (await fetchJson(quoteUrl(on.caip10(on.usdc.address), on.caip10(on.skt.address), amount))).body.quotes[0].toAmount,
  )
  const built = await buildTransaction(on.caip10(on.usdc.address), on.caip10(on.skt.address), amount, on.user, false)
  assert.is(built.status, 200, JSON.stringify(built.body))
  assert.is(built.body.tx.amount, quoted.toString())
  const [usdcBefore, sktBefore] = await Promise.all([
    tokenBalance(on.client, on.usdc.address, walletAccount.address),
    tokenBalance(on.client, on.skt.address, walletAccount.address),
  ])
  const receipt = await sendBuilt(on, built.body.tx)
  assert.is(receipt.status, 'success')
  assert.ok(receipt.gasUsed <= BigInt(built.body.tx.eip155.gas), 'the estimate covers the swap')
  assert.is(usdcBefore - (await tokenBalance(on.client, on.usdc.address, walletAccount.address)), amount)
  assert.is((await tokenBalance(on.client, on.skt.address, walletAccount.address)) - sktBefore, quoted)
})

test('SKT → ETH: swapExactTokensForETH pays native ETH; the price follows the moved reserves', async () => {
  const on = onChain(31338)
  const amount = parseUnits('10', 18)
  const approve = await fetchJson(
    `${api}/v1/convert/build-approve?userAddress=${on.user}&from=${on.caip10(on.skt.address)}&to=${on.caip10(NATIVE)}`,
  )
  assert.is((await sendBuilt(on, { ...approve.body.tx, to: approve.body.tx.from })).status, 'success')
  const built = await buildTransaction(on.caip10(on.skt.address), on.caip10(NATIVE), amount, on.user)
  assert.is(built.status, 200, JSON.stringify(built.body))
  const quoted = BigInt(built.body.tx.amount)
  const ethBefore = await on.client.getBalance({ address: walletAccount.address })
  const receipt = await sendBuilt(on, built.body.tx)
  assert.is(receipt.status, 'success')
  const ethAfter = await on.client.getBalance({ address: walletAccount.address })
  assert.is(ethAfter - ethBefore, quoted - receipt.gasUsed * receipt.effectiveGasPrice)

  // Two swaps on this chain sold ETH for SKT and SKT for ETH: the WETH/SKT pool moved, while
  // USDC/SKT did not, so SKT is still 2.5 and ETH is still priced by the WETH/USDC pool.
  const wethSkt = on.amm.pairs.find((pair) => pair.symbols.join('/') === 'WETH/SKT')!
  const [reserve0, reserve1] = (await on.client.readContract({
    address: wethSkt.address,
    abi: pairAbi,
    functionName: 'getReserves',
  })) as [bigint, bigint]
  assert.not.ok([reserve0, reserve1].includes(parseEther('100')), 'the WETH/SKT pool moved')
  const { body } = await postJson(`${api}/v1/fungible/price`, {
    currency: 'usd',
    addresses: [on.caip10(on.skt.address), on.caip10(NATIVE)],
  })
  assert.equal(
    body.fungibles.map((item: any) => item.price),
    [2.5, 3000],
  )
})

test('price from reserves: a swap in the USDC pools moves SKT and ETH prices to the new ratios', async () => {
  const on = onChain(31337)
  // USDC → SKT above bought SKT from the USDC/SKT pool: SKT now costs more than 2.5.
  const usdcSkt = on.amm.pairs.find((pair) => pair.symbols.join('/') === 'USDC/SKT')!
  const [reserve0, reserve1] = (await on.client.readContract({
    address: usdcSkt.address,
    abi: pairAbi,
    functionName: 'getReserves',
  })) as [bigint, bigint]
  const usdcFirst = on.usdc.address.toLowerCase() < on.skt.address.toLowerCase()
  const [usdcReserve, sktReserve] = usdcFirst ? [reserve0, reserve1] : [reserve1, reserve0]
  const expected = Number(usdcReserve) / 1e6 / (Number(sktReserve) / 1e18)
  const { body } = await postJson(`${api}/v1/fungible/price`, {
    currency: 'usd',
    addresses: [on.caip10(on.skt.address)],
  })
  assert.ok(body.fungibles[0].price > 2.5, `${body.fungibles[0].price}`)
  assert.ok(Math.abs(body.fungibles[0].price - expected) < 1e-9, `${body.fungibles[0].price} vs ${expected}`)
})

test('the minimum out holds: calldata built before the pool moves beyond 1 % reverts', async () => {
  const on = onChain(31337)
  const built = await buildTransaction(on.caip10(NATIVE), on.caip10(on.usdc.address), parseEther('1'), on.user)
  assert.is(built.status, 200)
  // Someone else (the unlocked recipient account) sells 50 ETH into the same pool first.
  const other = createWalletClient({
    account: sandbox.accounts.recipient as Hex,
    chain: viemChainFor(on.chain),
    transport: http(on.chain.rpcUrl),
  })
  const front = await buildTransaction(
    on.caip10(NATIVE),
    on.caip10(on.usdc.address),
    parseEther('50'),
    on.caip10(sandbox.accounts.recipient),
  )
  const frontHash = await other.sendTransaction({
    to: front.body.tx.to.split(':')[2],
    data: front.body.tx.data,
    value: parseEther('50'),
  })
  assert.is((await on.client.waitForTransactionReceipt({ hash: frontHash, pollingInterval: 20 })).status, 'success')
  const usdcBefore = await tokenBalance(on.client, on.usdc.address, walletAccount.address)
  const receipt = await sendBuilt(on, built.body.tx, parseEther('1'))
  assert.is(receipt.status, 'reverted')
  assert.is(await tokenBalance(on.client, on.usdc.address, walletAccount.address), usdcBefore)
})

test('quote errors in the hosted shape: no route and insufficient liquidity say "insufficient liquidity"', async () => {
  const on = onChain(31337)
  const unknownToken = on.caip10('0x000000000000000000000000000000000000dEaD')
  const noRoute = await fetchJson(quoteUrl(unknownToken, on.caip10(on.usdc.address), 1000n))
  assert.is(noRoute.status, 400)
  assert.is(noRoute.body.status, 'FAILED')
  assert.match(noRoute.body.reasons[0].description, /no pool route/)
  assert.match(noRoute.body.reasons[0].description, /insufficient liquidity/)

  // 1 base unit of SKT is worth 2.5e-18 USD: the pool pays nothing for it.
  const dust = await fetchJson(quoteUrl(on.caip10(on.skt.address), on.caip10(on.usdc.address), 1n))
  assert.is(dust.status, 400)
  assert.match(dust.body.reasons[0].description, /insufficient liquidity/)
  assert.not.match(dust.body.reasons[0].description, /no pool route/)

  // Other bad requests fail without claiming a liquidity problem.
  const bad = [
    quoteUrl(on.caip10(on.usdc.address), on.caip10(on.usdc.address), 1000n),
    quoteUrl(on.caip10(NATIVE), on.caip10(on.amm.weth), 1000n),
    quoteUrl(on.caip10(on.usdc.address), on.caip10(on.skt.address), 0n),
    quoteUrl(on.caip10(on.usdc.address), on.caip10(on.skt.address), '1.5'),
    quoteUrl(on.caip10(on.usdc.address), `eip155:31338:${on.skt.address}`, 1000n),
    quoteUrl(on.usdc.address, on.caip10(on.skt.address), 1000n),
    quoteUrl(`eip155:1:${on.usdc.address}`, `eip155:1:${on.skt.address}`, 1000n),
  ]
  for (const url of bad) {
    const { status, body } = await fetchJson(url)
    assert.is(status, 400, url)
    assert.is(body.status, 'FAILED')
    assert.type(body.reasons[0].field, 'string')
    assert.not.match(body.reasons[0].description, /insufficient liquidity/, url)
  }
  const noSlippage = await postJson(`${api}/v1/convert/build-transaction`, {
    amount: '1000',
    from: on.caip10(on.usdc.address),
    to: on.caip10(on.skt.address),
    userAddress: on.user,
  })
  assert.is(noSlippage.status, 400)
  assert.is(noSlippage.body.reasons[0].field, 'eip155')
  const nativeApprove = await fetchJson(
    `${api}/v1/convert/build-approve?userAddress=${on.user}&from=${on.caip10(NATIVE)}&to=${on.caip10(on.skt.address)}`,
  )
  assert.is(nativeApprove.status, 400)
})

test('GET /v1/convert/gas-price: standard is the chain’s gas price; fast and instant above it', async () => {
  const on = onChain(31338)
  const { status, body } = await fetchJson(`${api}/v1/convert/gas-price?chainId=eip155:31338&${SDK_PARAMS}`)
  assert.is(status, 200)
  assert.equal(Object.keys(body).sort(), ['fast', 'instant', 'standard'])
  assert.is(body.standard, (await on.client.getGasPrice()).toString())
  assert.ok(BigInt(body.fast) > BigInt(body.standard) && BigInt(body.instant) > BigInt(body.fast))
  assert.is((await fetchJson(`${api}/v1/convert/gas-price?chainId=eip155:1`)).status, 400)
})

test('faults: every convert route takes 500, 429 (Retry-After), malformed, invalid-json and slow', async () => {
  const on = onChain(31337)
  const calls: Record<string, () => Promise<Response>> = {
    convertTokens: () => fetch(`${api}/v1/convert/tokens?chainId=eip155:31337`),
    convertQuotes: () => fetch(quoteUrl(on.caip10(NATIVE), on.caip10(on.usdc.address), parseEther('0.01'))),
    convertAllowance: () =>
      fetch(`${api}/v1/convert/allowance?tokenAddress=${on.caip10(on.usdc.address)}&userAddress=${on.user}`),
    convertGasPrice: () => fetch(`${api}/v1/convert/gas-price?chainId=eip155:31337`),
    convertBuildApprove: () =>
      fetch(
        `${api}/v1/convert/build-approve?userAddress=${on.user}&from=${on.caip10(on.usdc.address)}&to=${on.caip10(on.skt.address)}`,
      ),
    convertBuildTransaction: () =>
      fetch(`${api}/v1/convert/build-transaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: parseEther('0.01').toString(),
          eip155: { slippage: 1 },
          from: on.caip10(NATIVE),
          to: on.caip10(on.usdc.address),
          userAddress: on.user,
          disableEstimate: true,
        }),
      }),
  }
  for (const [route, call] of Object.entries(calls)) {
    const healthy = await call()
    assert.is(healthy.status, 200, route)
    const real = await healthy.json()

    sandbox.faults.set({ route, mode: '500', times: 1 })
    const failed = await call()
    assert.is(failed.status, 500, route)
    assert.type((await failed.json()).error, 'string')

    sandbox.faults.set({ route, mode: '429', times: 1 })
    const limited = await call()
    assert.is(limited.status, 429, route)
    assert.is(limited.headers.get('retry-after'), '1')
    assert.type((await limited.json()).error, 'string')

    sandbox.faults.set({ route, mode: 'malformed', times: 1 })
    const malformed = await call()
    assert.is(malformed.status, 200, route)
    const wrongShape = await malformed.json()
    assert.equal(Object.keys(wrongShape), Object.keys(real), `${route}: the same top-level keys`)
    assert.not.equal(wrongShape, real, route)

    sandbox.faults.set({ route, mode: 'invalid-json', times: 1 })
    const invalid = await call()
    assert.is(invalid.status, 200, route)
    assert.match(invalid.headers.get('content-type') ?? '', /json/)
    const text = await invalid.text()
    assert.throws(() => JSON.parse(text), undefined, route)

    sandbox.faults.set({ route, mode: 'slow', delayMs: 150, times: 1 })
    const started = Date.now()
    const slow = await call()
    assert.is(slow.status, 200, route)
    assert.ok(Date.now() - started >= 140, `${route} was slow`)
    await slow.arrayBuffer()
  }
  assert.equal(sandbox.faults.list(), [])
})

test('the committed AMM artifacts match a fresh compile of WrappedEther, SwapPair and SwapRouter', () => {
  const fresh = compileAmm()
  for (const name of AMM_CONTRACTS) {
    const committed = readFileSync(ammArtifactFile(name), 'utf8')
    assert.ok(
      committed === serializeArtifact(fresh[name]!),
      `${name}.json is stale: run \`node demo/sandbox/contracts/compile.mjs\` and commit it`,
    )
  }
})

test.run()
