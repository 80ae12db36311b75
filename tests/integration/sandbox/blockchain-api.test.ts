// The blockchain-API half of the emulator against the real chains: balances (equal to what the
// chain says, and following a real transfer), prices, identity, RPC forwarding.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, erc20Abi, formatEther, formatUnits, http, parseUnits } from 'viem'
import { viemChainFor } from '../../../demo/sandbox/chains.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { fetchJson, jsonRpc, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string
let wallet: `0x${string}`
const SDK_PARAMS = 'projectId=test-project&st=appkit&sv=html-core-1.0.0&clientId=client-1'

test.before(async () => {
  sandbox = await startSandbox()
  api = sandbox.apiUrl
  wallet = sandbox.accounts.wallet as `0x${string}`
})
test.after(() => sandbox?.stop())

const balanceUrl = (address: string, caip: string) =>
  `${api}/v1/account/${address}/balance?currency=usd&chainId=${caip}&forceUpdate=${Date.now()}&${SDK_PARAMS}`

/** The chain's own view, in the emulator's units: symbol → numeric string. */
async function chainHoldings(chainId: number, address: `0x${string}`) {
  const chain = sandbox.chains.find((candidate) => candidate.chainId === chainId)!
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const holdings: Record<string, string> = { ETH: formatEther(await client.getBalance({ address })) }
  for (const token of sandbox.tokens[chainId]!) {
    const amount = await client.readContract({
      address: token.address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    if (amount > 0n) holdings[token.symbol] = formatUnits(amount, token.decimals)
  }
  return holdings
}

const numericBySymbol = (balances: any[]) =>
  Object.fromEntries(balances.map((item) => [item.symbol, item.quantity.numeric]))

test('balance: ETH, USDC and SKT lines in the hosted shape, with prices, values and icons', async () => {
  const { status, body } = await fetchJson(balanceUrl(wallet, 'eip155:31337'))
  assert.is(status, 200)
  const [usdc, skt] = sandbox.tokens[31337]!
  assert.equal(body.balances, [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      value: 30_000_000,
      price: 3000,
      quantity: { decimals: '18', numeric: '10000' },
      iconUrl: `${api}/public/getTokenImage/ETH`,
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: `eip155:31337:${usdc!.address}`,
      value: 1250.5,
      price: 1,
      quantity: { decimals: '6', numeric: '1250.5' },
      iconUrl: `${api}/public/getTokenImage/USDC`,
    },
    {
      name: 'SigKit Token',
      symbol: 'SKT',
      chainId: 'eip155:31337',
      address: `eip155:31337:${skt!.address}`,
      value: 105,
      price: 2.5,
      quantity: { decimals: '18', numeric: '42' },
      iconUrl: `${api}/public/getTokenImage/SKT`,
    },
  ])
  // The native line has no address key at all (not null, not undefined-valued).
  assert.not.ok('address' in body.balances[0])
  const icon = await fetch(body.balances[1].iconUrl)
  assert.is(icon.headers.get('content-type'), 'image/svg+xml')
})

test('balance equals the chain on both chains, and follows a real transfer', async () => {
  for (const { chainId, caipNetworkId } of sandbox.chains) {
    const { body } = await fetchJson(balanceUrl(wallet, caipNetworkId))
    assert.equal(numericBySymbol(body.balances), await chainHoldings(chainId, wallet))
    assert.ok(body.balances.every((item: any) => item.chainId === caipNetworkId))
  }

  // Account #0 is unlocked in anvil: send 10 USDC to the recipient on the L2 only.
  const l2 = sandbox.chains[1]!
  const usdc = sandbox.tokens[l2.chainId]![0]!
  const client = createWalletClient({ account: wallet, chain: viemChainFor(l2), transport: http(l2.rpcUrl) })
  const hash = await client.writeContract({
    address: usdc.address as `0x${string}`,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [sandbox.accounts.recipient as `0x${string}`, parseUnits('10', 6)],
  })
  const receipt = await createPublicClient({ transport: http(l2.rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  })
  assert.is(receipt.status, 'success')

  const after = await fetchJson(balanceUrl(wallet, l2.caipNetworkId))
  const afterUsdc = after.body.balances.find((item: any) => item.symbol === 'USDC')
  assert.is(afterUsdc.quantity.numeric, '1240.5')
  assert.is(afterUsdc.value, 1240.5)
  assert.equal(numericBySymbol(after.body.balances), await chainHoldings(l2.chainId, wallet))
  assert.ok(Number(numericBySymbol(after.body.balances).ETH) < 10000, 'gas was paid in ETH')
  const recipient = await fetchJson(balanceUrl(sandbox.accounts.recipient, l2.caipNetworkId))
  assert.is(recipient.body.balances.find((item: any) => item.symbol === 'USDC').quantity.numeric, '10')
  assert.not.ok(
    recipient.body.balances.some((item: any) => item.symbol === 'SKT'),
    'zero balances are left out',
  )
  // The other chain did not move.
  const l1 = await fetchJson(balanceUrl(wallet, 'eip155:31337'))
  assert.is(l1.body.balances.find((item: any) => item.symbol === 'USDC').quantity.numeric, '1250.5')
})

test('balance: unknown chain → no balances; an invalid address → 400 JSON', async () => {
  assert.equal((await fetchJson(balanceUrl(wallet, 'eip155:1'))).body, { balances: [] })
  const invalid = await fetchJson(balanceUrl('0x1234', 'eip155:31337'))
  assert.is(invalid.status, 400)
  assert.type(invalid.body.error, 'string')
  const empty = await fetchJson(balanceUrl('0x000000000000000000000000000000000000dEaD', 'eip155:31337'))
  assert.equal(empty.body, { balances: [] })
})

test('POST /v1/fungible/price: prices of known tokens, by CAIP-10 address', async () => {
  const [usdc, skt] = sandbox.tokens[31337]!
  const { status, body } = await postJson(`${api}/v1/fungible/price`, {
    currency: 'usd',
    projectId: 'test-project',
    addresses: [
      `eip155:31337:${usdc!.address}`,
      `eip155:31338:${skt!.address.toLowerCase()}`,
      'eip155:1:0x0000000000000000000000000000000000000001',
    ],
  })
  assert.is(status, 200)
  assert.equal(body, {
    fungibles: [
      { name: 'USD Coin', symbol: 'USDC', iconUrl: `${api}/public/getTokenImage/USDC`, price: 1 },
      { name: 'SigKit Token', symbol: 'SKT', iconUrl: `${api}/public/getTokenImage/SKT`, price: 2.5 },
    ],
  })
  const bad = await postJson(`${api}/v1/fungible/price`, { currency: 'usd' })
  assert.is(bad.status, 400)
})

test('GET /v1/identity/:address: the tester has a name and avatar; others have neither', async () => {
  const hit = await fetchJson(`${api}/v1/identity/${wallet}?sender=${wallet}&${SDK_PARAMS}`)
  assert.equal(hit.body, { name: 'sigkit-tester.eth', avatar: `${api}/public/getAssetImage/avatar-tester` })
  const lowerCase = await fetchJson(`${api}/v1/identity/${wallet.toLowerCase()}`)
  assert.is(lowerCase.body.name, 'sigkit-tester.eth')
  const avatar = await fetch(hit.body.avatar)
  assert.is(avatar.status, 200)
  assert.is(avatar.headers.get('content-type'), 'image/svg+xml')
  const miss = await fetchJson(`${api}/v1/identity/${sandbox.accounts.recipient}?sender=${wallet}`)
  assert.equal(miss.body, { name: null, avatar: null })
})

test('RPC: /v1/?chainId= forwards single and batch calls to the right chain', async () => {
  for (const { chainId, caipNetworkId } of sandbox.chains) {
    const url = `${api}/v1/?chainId=${caipNetworkId}&projectId=test-project`
    assert.is(Number(await jsonRpc(url, 'eth_chainId')), chainId)
    const { status, body } = await postJson(url, [
      { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 8, method: 'eth_getBalance', params: [sandbox.accounts.recipient, 'latest'] },
    ])
    assert.is(status, 200)
    assert.equal(
      body.map((item: any) => item.id),
      [7, 8],
    )
    assert.is(Number(body[0].result), chainId)
    assert.ok(BigInt(body[1].result) >= parseUnits('10000', 18))
  }
  // viem, as SigKit would use it, through the emulator.
  const viaEmulator = createPublicClient({ transport: http(`${api}/v1/?chainId=eip155:31338&projectId=p`) })
  assert.is(await viaEmulator.getChainId(), 31338)
  assert.is(
    await viaEmulator.readContract({
      address: sandbox.tokens[31338]![1]!.address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'symbol',
    }),
    'SKT',
  )
})

test('RPC: an unknown chain → 400 with a JSON-RPC error', async () => {
  const { status, body } = await postJson(`${api}/v1/?chainId=eip155:1&projectId=p`, {
    jsonrpc: '2.0',
    id: 3,
    method: 'eth_chainId',
    params: [],
  })
  assert.is(status, 400)
  assert.is(body.jsonrpc, '2.0')
  assert.is(body.id, 3)
  assert.type(body.error.code, 'number')
  assert.match(body.error.message, /eip155:1/)
})

test('GET /v1/supported-chains lists both sandbox chains', async () => {
  assert.equal((await fetchJson(`${api}/v1/supported-chains?${SDK_PARAMS}`)).body, {
    http: ['eip155:31337', 'eip155:31338'],
    ws: [],
  })
})

test.run()
