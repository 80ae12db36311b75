// sigkit/networks: AppKit's names, SigKit's CaipNetwork shape (each one passes createAppKit's
// validation), and the EVM figures the same as viem's chain list, so a dapp moving from
// `@reown/appkit/networks` or using `viem/chains` gets the same chains.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as viemChains from 'viem/chains'
import * as networks from '../../src/networks'
import { validateOptions } from '../../src/core/config/options'
import type { CaipNetwork } from '../../src/core/types'

const all = Object.entries(networks) as [string, CaipNetwork][]

test('the names AppKit users import exist (EVM, Solana, Bitcoin) plus polkadot and cosmos', () => {
  const names = all.map(([name]) => name)
  for (const name of [
    'mainnet',
    'sepolia',
    'arbitrum',
    'arbitrumSepolia',
    'optimism',
    'base',
    'baseSepolia',
    'polygon',
    'bsc',
    'avalanche',
    'gnosis',
    'zksync',
    'celo',
    'linea',
    'scroll',
    'solana',
    'solanaDevnet',
    'solanaTestnet',
    'bitcoin',
    'bitcoinTestnet',
    'polkadot',
    'cosmosHub',
  ])
    assert.ok(names.includes(name), `sigkit/networks exports ${name}`)
})

test('every network is valid createAppKit input, with a unique CAIP-2 id', () => {
  const resolved = validateOptions({ projectId: 'p', networks: all.map(([, network]) => network) })
  assert.is(resolved.networks.length, all.length, 'no two share a caipNetworkId')
  for (const [name, network] of all) {
    assert.is(network.caipNetworkId, `${network.chainNamespace}:${network.id}`, name)
  }
})

test("EVM networks carry viem's id, name, currency and explorer: a wagmi config takes them as chains", () => {
  const evm = all.filter(([, network]) => network.chainNamespace === 'eip155')
  assert.ok(evm.length >= 40)
  for (const [name, network] of evm) {
    const chain = (viemChains as Record<string, viemChains.Chain | undefined>)[name]
    assert.ok(chain, `viem/chains has ${name}`)
    assert.is(network.id, chain!.id, name)
    assert.is(network.name, chain!.name, name)
    assert.equal(network.nativeCurrency, chain!.nativeCurrency, name)
    assert.is(network.rpcUrls.default.http[0], chain!.rpcUrls.default.http[0], name)
    assert.is(network.blockExplorers?.default.url, chain!.blockExplorers?.default.url.replace(/\/$/, ''), name)
    assert.is(network.testnet, Boolean(chain!.testnet), name)
    // Reads made together go as one multicall (SPEC §9): the contract viem knows on that chain.
    assert.is(
      network.contracts?.multicall3?.address.toLowerCase(),
      chain!.contracts?.multicall3?.address.toLowerCase(),
      `${name} multicall3`,
    )
  }
})

test('polkadot and cosmos networks: WalletConnect-only, CAIP-2 ids as wallets know them', () => {
  assert.is(networks.polkadot.caipNetworkId, 'polkadot:91b171bb158e2d3848fa23a9f1c25182')
  assert.is(networks.polkadot.nativeCurrency.decimals, 10)
  assert.is(networks.cosmosHub.caipNetworkId, 'cosmos:cosmoshub-4')
  assert.is(networks.cosmosHub.nativeCurrency.symbol, 'ATOM')
  for (const network of [networks.polkadot, networks.kusama, networks.westend, networks.cosmosHub, networks.osmosis])
    assert.equal(network.rpcUrls.default.http, [], 'no RPC: balances and send are eip155 and solana only')
})

test.run()
