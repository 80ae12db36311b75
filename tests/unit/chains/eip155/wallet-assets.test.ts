// The wallet's own asset listing (SPEC §3 wallet asset item, §5 validation, §7 order): the shape
// a wallet_getAssets reply must have, how an asset becomes a balance line, and the rule that the
// capability check comes first, once per connection, with anything unusable left to the balance
// API (undefined). The wallet here is a scripted EIP-1193 provider; real wallets answer in
// tests/integration/eip155/wallet-assets.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  forgetWalletCapabilities,
  isWalletAssetsResponse,
  supportsAssetDiscovery,
  walletAssetBalances,
  walletAssetToBalance,
  type WalletAsset,
} from '../../../../src/chains/eip155/wallet-assets'
import type { EIP1193Provider } from '../../../../src/core/types'
import { mainnet } from '../../helpers/fixtures'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const metadata = { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://example.com/usdc.png' }
const usdc: WalletAsset = { address: USDC, balance: '0xbebc20', type: 'ERC20', metadata }
const ether: WalletAsset = {
  address: 'native',
  balance: '0xde0b6b3a7640000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: '' },
}

test('SPEC §5: an object of arrays of assets with string address and balance, ERC20 or NATIVE, complete metadata', () => {
  assert.ok(isWalletAssetsResponse({ '0x1': [usdc, ether], '0xa': [] }))
  assert.ok(isWalletAssetsResponse({}))
  const broken: [string, unknown][] = [
    ['null', null],
    ['an array', [usdc]],
    ['a chain that is not an array', { '0x1': usdc }],
    ['a numeric balance', { '0x1': [{ ...usdc, balance: 3 }] }],
    ['no address', { '0x1': [{ ...usdc, address: undefined }] }],
    ['type erc721', { '0x1': [{ ...usdc, type: 'ERC721' }] }],
    ['lowercase type', { '0x1': [{ ...usdc, type: 'erc20' }] }],
    ['no metadata', { '0x1': [{ ...usdc, metadata: undefined }] }],
    ['metadata without price', { '0x1': [{ ...usdc, metadata: { ...metadata, price: undefined } }] }],
    ['decimals as text', { '0x1': [{ ...usdc, metadata: { ...metadata, decimals: '6' } }] }],
    ['no iconUrl', { '0x1': [{ ...usdc, metadata: { ...metadata, iconUrl: null } }] }],
    ['one bad item among good ones', { '0x1': [usdc, { ...ether, type: 'native' }] }],
  ]
  for (const [what, value] of broken) assert.not.ok(isWalletAssetsResponse(value), what)
})

test('an asset becomes a balance line: hex balance in whole units, CAIP-10 token address, none for the native currency', () => {
  assert.equal(walletAssetToBalance(usdc, 'eip155:1'), {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    address: `eip155:1:${USDC}`,
    value: 12.5,
    price: 1,
    quantity: { decimals: '6', numeric: '12.5' },
    iconUrl: 'https://example.com/usdc.png',
  })
  const native = walletAssetToBalance(ether, 'eip155:1')
  assert.is('address' in native, false)
  assert.equal(native.quantity, { decimals: '18', numeric: '1' })
  assert.is(native.value, 3000)
  assert.throws(() => walletAssetToBalance({ ...usdc, balance: '12.5' }, 'eip155:1'), /Invalid wallet asset/)
})

test('asset discovery is read under the chain hex id (or 0x0 for every chain), supported: true only', () => {
  assert.ok(supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, mainnet))
  assert.ok(supportsAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, mainnet))
  assert.not.ok(supportsAssetDiscovery({ '0xa': { assetDiscovery: { supported: true } } }, mainnet))
  assert.not.ok(supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: 'yes' } } }, mainnet))
  assert.not.ok(supportsAssetDiscovery({ '0x1': { atomic: { status: 'supported' } } }, mainnet))
  assert.not.ok(supportsAssetDiscovery({}, mainnet))
  assert.not.ok(supportsAssetDiscovery(undefined, mainnet))
})

/** A scripted wallet: answers by method, logs what it was asked. */
function scriptedWallet(answers: Record<string, (params: unknown) => unknown>) {
  const log: { method: string; params: unknown }[] = []
  const provider: EIP1193Provider = {
    async request({ method, params }) {
      log.push({ method, params })
      const answer = answers[method]
      if (!answer) throw Object.assign(new Error('Method not supported'), { code: 4200 })
      return answer(params)
    },
  }
  return { provider, log, asked: (method: string) => log.filter((entry) => entry.method === method) }
}

const DISCOVERY = { '0x1': { assetDiscovery: { supported: true } } }

test('capabilities first, then wallet_getAssets for the active chain only; the list is the wallet’s', async () => {
  const wallet = scriptedWallet({
    wallet_getCapabilities: () => DISCOVERY,
    wallet_getAssets: () => ({ '0x1': [usdc] }),
  })
  const list = await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet })
  assert.equal(
    list?.map((line) => `${line.symbol} ${line.quantity.numeric}`),
    ['USDC 12.5'],
  )
  assert.equal(
    wallet.log.map((entry) => entry.method),
    ['wallet_getCapabilities', 'wallet_getAssets'],
  )
  assert.equal(wallet.log[0]!.params, [ADDRESS])
  assert.equal(wallet.log[1]!.params, [{ account: ADDRESS, chainFilter: ['0x1'] }])
})

test('capabilities are asked once per connection; a new connection asks again', async () => {
  const wallet = scriptedWallet({ wallet_getCapabilities: () => DISCOVERY, wallet_getAssets: () => ({ '0x1': [] }) })
  for (let round = 0; round < 3; round++)
    assert.equal(await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet }), [])
  assert.is(wallet.asked('wallet_getCapabilities').length, 1)
  assert.is(wallet.asked('wallet_getAssets').length, 3)
  forgetWalletCapabilities(wallet.provider)
  await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet })
  assert.is(wallet.asked('wallet_getCapabilities').length, 2)
})

test('no asset discovery on this chain, or no wallet_getCapabilities at all (4200): the balance API answers, the wallet is not asked for assets', async () => {
  const elsewhere = scriptedWallet({
    wallet_getCapabilities: () => ({ '0xa': { assetDiscovery: { supported: true } } }),
    wallet_getAssets: () => ({ '0x1': [usdc] }),
  })
  assert.is(await walletAssetBalances({ provider: elsewhere.provider, address: ADDRESS, network: mainnet }), undefined)
  assert.is(elsewhere.asked('wallet_getAssets').length, 0)
  const plain = scriptedWallet({})
  assert.is(await walletAssetBalances({ provider: plain.provider, address: ADDRESS, network: mainnet }), undefined)
  await walletAssetBalances({ provider: plain.provider, address: ADDRESS, network: mainnet })
  assert.is(plain.asked('wallet_getCapabilities').length, 1, 'a wallet without the method is not asked again')
})

test('a capability check that failed otherwise (timeout, -32603) is asked again next time', async () => {
  let calls = 0
  const wallet = scriptedWallet({
    wallet_getCapabilities: () => {
      calls += 1
      if (calls === 1) throw Object.assign(new Error('busy'), { code: -32603 })
      return DISCOVERY
    },
    wallet_getAssets: () => ({ '0x1': [usdc] }),
  })
  assert.is(await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet }), undefined)
  assert.is((await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet }))?.length, 1)
})

test('a wallet_getAssets reply of the wrong shape, or a failing one, is ignored: undefined (the balance API answers)', async () => {
  const original = console.warn
  console.warn = () => undefined
  try {
    for (const reply of [
      () => ({ '0x1': [{ ...usdc, type: 'ERC721' }] }),
      () => [usdc],
      () => ({ '0x1': [{ ...usdc, balance: 'lots' }] }),
      () => {
        throw Object.assign(new Error('down'), { code: -32603 })
      },
    ]) {
      const wallet = scriptedWallet({ wallet_getCapabilities: () => DISCOVERY, wallet_getAssets: reply })
      assert.is(await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet }), undefined)
    }
  } finally {
    console.warn = original
  }
})

test('a reply without the chain: the wallet holds nothing there (an empty list, not the API)', async () => {
  const wallet = scriptedWallet({ wallet_getCapabilities: () => DISCOVERY, wallet_getAssets: () => ({}) })
  assert.equal(await walletAssetBalances({ provider: wallet.provider, address: ADDRESS, network: mainnet }), [])
})

test.run()
