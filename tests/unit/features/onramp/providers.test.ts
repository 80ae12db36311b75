// The on-ramp's providers: the second provider's URL in both namespaces, the generator request of
// the first, and the remote provider list.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FALLBACK_OPTIONS } from '../../../../src/features/onramp/options'
import {
  CARD_ONRAMP_CHAINS,
  cardOnrampOffered,
  generatorRequest,
  meldBaseUrl,
  meldUrl,
  providersFor,
} from '../../../../src/features/onramp/providers'
import type { PurchaseCurrency } from '../../../../src/api/onramp-api'

const SOLANA_ADDRESS = 'EKxN49JjC8wZur679K7taycd1tJ76sfnMwv6D2V4pPTu'

test('the second provider gets publicKey, USDC, the address and the project id on EVM', () => {
  const url = new URL(
    meldUrl({ baseUrl: 'https://meldcrypto.com', namespace: 'eip155', address: '0xabc', projectId: 'p1' }),
  )
  assert.is(url.origin, 'https://meldcrypto.com')
  assert.equal(
    [...url.searchParams.keys()],
    ['publicKey', 'destinationCurrencyCode', 'walletAddress', 'externalCustomerId'],
  )
  assert.is(url.searchParams.get('destinationCurrencyCode'), 'USDC')
  assert.is(url.searchParams.get('walletAddress'), '0xabc')
  assert.is(url.searchParams.get('externalCustomerId'), 'p1')
})

test('the second provider gets SOL on Solana, an empty address when none, and the chosen amount', () => {
  const url = new URL(
    meldUrl({
      baseUrl: 'http://127.0.0.1:9/onramp/meld',
      namespace: 'solana',
      address: SOLANA_ADDRESS,
      projectId: 'p1',
      fiatAmount: '75',
      fiatCurrency: 'EUR',
    }),
  )
  assert.is(url.pathname, '/onramp/meld')
  assert.is(url.searchParams.get('destinationCurrencyCode'), 'SOL')
  assert.is(url.searchParams.get('walletAddress'), SOLANA_ADDRESS)
  assert.is(url.searchParams.get('sourceAmount'), '75')
  assert.is(url.searchParams.get('sourceCurrencyCode'), 'EUR')
  const none = new URL(
    meldUrl({ baseUrl: 'https://meldcrypto.com', namespace: 'eip155', address: undefined, projectId: 'p' }),
  )
  assert.is(none.searchParams.get('walletAddress'), '')
})

test("the second provider's page is its site, or the dapp's own API host when it points elsewhere", () => {
  assert.is(meldBaseUrl('https://rpc.walletconnect.org'), 'https://meldcrypto.com')
  assert.is(meldBaseUrl('http://127.0.0.1:4000/'), 'http://127.0.0.1:4000/onramp/meld')
})

test('the generator request names the wallet, network, asset and fiat amount, on EVM and Solana', () => {
  const usdc = FALLBACK_OPTIONS.purchaseCurrencies[0] as PurchaseCurrency
  const evm = generatorRequest({ address: '0xabc', currency: usdc, network: usdc.networks[0]!, fiatAmount: '50' })
  assert.equal(evm, {
    destinationWallets: [{ address: '0xabc', blockchains: ['ethereum-mainnet'], assets: ['USDC'] }],
    defaultNetwork: 'ethereum-mainnet',
    partnerUserId: '0xabc',
    presetFiatAmount: 50,
  })
  const sol: PurchaseCurrency = {
    id: 'sol',
    name: 'Solana',
    symbol: 'SOL',
    networks: [{ name: 'solana', display_name: 'Solana', chain_id: 'sandbox', contract_address: 'So1' }],
  }
  const onSolana = generatorRequest({
    address: SOLANA_ADDRESS,
    currency: sol,
    network: sol.networks[0]!,
    fiatAmount: '',
  })
  assert.equal(onSolana.destinationWallets[0], { address: SOLANA_ADDRESS, blockchains: ['solana'], assets: ['SOL'] })
  assert.is('presetFiatAmount' in onSolana, false)
})

test('providers: the remote list keeps the built-in ones it names, in order; a bad list is none', () => {
  assert.equal(
    providersFor(['meld', 'coinbase'], 'eip155').map((provider) => provider.id),
    ['coinbase', 'meld'],
  )
  assert.equal(
    providersFor(['meld', 'unknown'], 'solana').map((provider) => provider.id),
    ['meld'],
  )
  assert.equal(providersFor('meld', 'eip155'), [])
  assert.equal(providersFor(['meld', 5], 'eip155'), [])
  assert.equal(providersFor(['meld'], 'bip122'), [])
  assert.equal(providersFor(['coinbase'], 'eip155')[0]?.feeRange, '1-2%')
})

test('card on-ramp chains (SPEC §9): with the hosted API only those, Solana none; a self-hosted API serves its own', () => {
  const hosted = 'https://rpc.walletconnect.org'
  assert.equal(Object.keys(CARD_ONRAMP_CHAINS), [
    'ethereum',
    'arbitrum',
    'polygon',
    'berachain',
    'avalanche',
    'optimism',
    'celo',
    'base',
  ])
  for (const id of [1, 42161, 137, 80094, 43114, 10, 42220, 8453])
    assert.ok(cardOnrampOffered(`eip155:${id}`, hosted), `eip155:${id}`)
  for (const id of ['eip155:56', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', undefined])
    assert.not.ok(cardOnrampOffered(id, hosted), String(id))
  assert.ok(cardOnrampOffered('eip155:31337', 'http://127.0.0.1:8545'), 'the sandbox serves its own chains')
  // The card provider goes where a card purchase is not offered; the other stays.
  assert.equal(
    providersFor(['coinbase', 'meld'], 'eip155', false).map((provider) => provider.id),
    ['meld'],
  )
  assert.equal(
    providersFor(['coinbase', 'meld'], 'eip155', true).map((provider) => provider.id),
    ['coinbase', 'meld'],
  )
})

test.run()
