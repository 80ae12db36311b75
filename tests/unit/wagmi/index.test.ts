// WagmiAdapter (sigkit/wagmi): its options, the wagmi config it makes, and the bridge between
// SigKit's eip155 connection (the signals the modal writes) and wagmi's state. The full flow with
// a wallet, a chain and the modal is tests/e2e/wagmi.spec.mjs.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { arbitrum as viemArbitrum } from 'viem/chains'
import { getAccount, getBalance, getBlockNumber, reconnect } from '@wagmi/core'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { http } from 'viem'
import { initCore } from '../../../src/core/config/appkit-state'
import { validateOptions } from '../../../src/core/config/options'
import { WagmiAdapter, WagmiAdapterOptionsError } from '../../../src/wagmi/index'
import { mainnet, solana, base } from '../../helpers/networks'
import { resetAccount, setAccount } from '../../../src/core/state/account'
import { getNetworkState, setRequestedNetworks } from '../../../src/core/state/network'
import { resetAllState } from '../helpers/reset'

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

test.after.each(resetAllState)

function throwsAdapter(options: unknown, message: string): void {
  try {
    new WagmiAdapter(options as ConstructorParameters<typeof WagmiAdapter>[0])
  } catch (error) {
    assert.instance(error, WagmiAdapterOptionsError)
    assert.is((error as Error).message, message)
    return
  }
  assert.unreachable(`expected "${message}"`)
}

test("AppKit's options: the EVM networks (SigKit's or viem's) become wagmi's chains, one connector: SigKit", () => {
  const adapter = new WagmiAdapter({ networks: [mainnet, solana, viemArbitrum, base], projectId: 'p' })
  assert.equal(
    adapter.wagmiChains.map((chain) => chain.id),
    [1, 42161, 8453],
  )
  assert.equal(
    adapter.wagmiConfig.chains.map((chain) => chain.id),
    [1, 42161, 8453],
  )
  assert.equal(
    adapter.wagmiConfig.connectors.map((connector) => connector.id),
    ['sigkit'],
  )
  assert.is(adapter.projectId, 'p')
  assert.is(adapter.namespace, 'eip155')
})

test("wagmi's reads go through SigKit's RPC proxy once createAppKit has run; a dapp's own transport is kept", async () => {
  const received: string[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push(request.url ?? '')
      const { id } = JSON.parse(body) as { id: number }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const own = { ...mainnet, rpcUrls: { default: { http: [`${origin}/chain-1`] } } }
    const other = { ...base, rpcUrls: { default: { http: [`${origin}/chain-8453`] } } }
    const adapter = new WagmiAdapter({
      networks: [own, other],
      projectId: 'p',
      transports: { [base.id]: http(`${origin}/dapp-transport`) },
    })
    // Before createAppKit no endpoint is known: the chain's own RPC, asked again next time.
    await getBlockNumber(adapter.wagmiConfig, { chainId: 1 })
    assert.equal(received, ['/chain-1'])
    initCore(validateOptions({ projectId: 'project-1', networks: [own], endpoints: { rpc: origin } }))
    await getBalance(adapter.wagmiConfig, { address: CHECKSUMMED, chainId: 1 })
    assert.equal(received.slice(1), ['/v1/?chainId=eip155%3A1&projectId=project-1'])
    await getBalance(adapter.wagmiConfig, { address: CHECKSUMMED, chainId: 8453 })
    assert.equal(received.slice(2), ['/dapp-transport'], "the dapp's transport, not SigKit's")
  } finally {
    server.close()
  }
})

test('invalid options are refused with the option named', () => {
  throwsAdapter(null, 'options must be an object')
  throwsAdapter({ networks: [mainnet] }, 'projectId must be a string')
  throwsAdapter({ networks: 'mainnet', projectId: 'p' }, 'networks must be a non-empty array of networks')
  throwsAdapter({ networks: [solana], projectId: 'p' }, 'networks must hold at least one EVM network')
  throwsAdapter(
    { networks: [{ ...mainnet, rpcUrls: { default: { http: [] } } }], projectId: 'p' },
    'networks[0].rpcUrls.default.http must list an http(s) URL (wagmi reads the chain through it)',
  )
  throwsAdapter(
    { networks: [{ ...viemArbitrum, id: -1 }], projectId: 'p' },
    'networks[0].id must be a positive integer (an EVM chain id)',
  )
  throwsAdapter({ networks: [mainnet], projectId: 'p', ssr: 'yes' }, 'ssr must be a boolean')
  throwsAdapter(
    { networks: [mainnet], projectId: 'p', connectors: [{}] },
    'connectors must be an array of wagmi connector functions',
  )
})

test("SigKit's connection is wagmi's: connect, account and chain changes, disconnect", async () => {
  setRequestedNetworks([mainnet, base])
  const adapter = new WagmiAdapter({ networks: [mainnet, base], projectId: 'p' })
  const config = adapter.wagmiConfig
  await tick()
  assert.is(getAccount(config).status, 'disconnected')

  getNetworkState('eip155').caipNetwork.value = mainnet
  setAccount('eip155', { status: 'connected', address: ADDRESS, allAccounts: [{ address: ADDRESS, type: 'eoa' }] })
  assert.is(getAccount(config).status, 'connected')
  assert.is(getAccount(config).address, CHECKSUMMED, 'checksummed for wagmi')
  assert.is(getAccount(config).chainId, 1)
  assert.is(getAccount(config).connector?.id, 'sigkit')

  // The modal switched the network.
  getNetworkState('eip155').caipNetwork.value = base
  assert.is(getAccount(config).chainId, 8453)
  // The wallet's account changed.
  const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  setAccount('eip155', { address: other, allAccounts: [{ address: other, type: 'eoa' }] })
  assert.is(getAccount(config).address, other)

  // Disconnected in the modal.
  resetAccount('eip155')
  assert.is(getAccount(config).status, 'disconnected')
})

test("a reconnect waits for SigKit's restore and gets its session, without asking the wallet", async () => {
  setRequestedNetworks([mainnet])
  const adapter = new WagmiAdapter({ networks: [mainnet], projectId: 'p' })
  await tick()
  setAccount('eip155', { status: 'reconnecting' }) // SigKit's restore is running
  const reconnecting = reconnect(adapter.wagmiConfig)
  await tick()
  assert.is(getAccount(adapter.wagmiConfig).status, 'connecting')
  getNetworkState('eip155').caipNetwork.value = mainnet
  setAccount('eip155', { status: 'connected', address: ADDRESS, allAccounts: [{ address: ADDRESS, type: 'eoa' }] })
  const connections = await reconnecting
  assert.is(connections.length, 1)
  assert.is(connections[0]?.accounts[0], CHECKSUMMED)
  assert.is(getAccount(adapter.wagmiConfig).status, 'connected')
})

test('a reconnect with nothing to restore ends disconnected at once', async () => {
  const adapter = new WagmiAdapter({ networks: [mainnet], projectId: 'p' })
  await tick()
  const started = Date.now()
  assert.equal(await reconnect(adapter.wagmiConfig), [])
  assert.ok(Date.now() - started < 1000)
  assert.is(getAccount(adapter.wagmiConfig).status, 'disconnected')
})

test.run()
