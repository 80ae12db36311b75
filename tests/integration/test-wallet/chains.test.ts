// Test wallet: network switching against two real anvil chains. 31338 is not installed at first,
// so a dapp must go through wallet_addEthereumChain (4902 tells it to), as with a real extension.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, custom, defineChain, http, parseEther, type Hex } from 'viem'
import { createTestWalletProvider } from '../../../demo/test-wallet/provider.js'
import { createMemoryStorage } from '../../../demo/test-wallet/storage.js'
import { startChain, type AnvilChain } from './anvil-chains'
import { ACCOUNT, RECIPIENT, recordEvents, rejectsWith, scriptedPerson } from './helpers'

let l1: AnvilChain
let l2: AnvilChain

test.before(async () => {
  ;[l1, l2] = await Promise.all([startChain(31337), startChain(31338)])
})
test.after(async () => {
  await Promise.all([l1?.stop(), l2?.stop()])
})

function makeWallet(storage = createMemoryStorage()) {
  const person = scriptedPerson()
  const provider = createTestWalletProvider({
    chains: [
      { chainId: 31337, name: 'Localhost', rpcUrl: l1.rpcUrl },
      { chainId: 31338, name: 'Localhost L2', rpcUrl: l2.rpcUrl },
    ],
    knownChainIds: [31337],
    approve: person.approve,
    storage,
    origin: 'http://127.0.0.1:5173',
  })
  return { provider, person, storage, events: recordEvents(provider) }
}

function addChainParams(overrides: Record<string, unknown> = {}) {
  return {
    chainId: '0x7a6a',
    chainName: 'Localhost L2',
    // The dapp's URL for the chain; the wallet reaches 31338 through its own configured endpoint.
    rpcUrls: ['http://127.0.0.1:8546'],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    blockExplorerUrls: null,
    ...overrides,
  }
}

const balanceOn = (rpcUrl: string, address: Hex) =>
  createPublicClient({ transport: http(rpcUrl) }).getBalance({ address })

test('switch to an unknown chain gives 4902; add-chain validates, adds, switches and emits chainChanged', async () => {
  const { provider, person, events } = makeWallet()
  assert.is(
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
    null,
    'same chain: nothing to do',
  )
  await rejectsWith(
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    4902,
    'Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.',
  )
  await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31338 }] }), -32602)
  assert.is(person.asked.length, 0)

  const invalid: Record<string, unknown>[] = [
    { chainId: 31338 },
    { chainId: '0x07a6a' },
    { chainId: 'banana' },
    { chainName: '' },
    { chainName: undefined },
    { rpcUrls: [] },
    { rpcUrls: 'http://127.0.0.1:8546' },
    { rpcUrls: ['ws://127.0.0.1:8546'] },
    { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 6 } },
    { nativeCurrency: { name: 'Ether', decimals: 18 } },
    { nativeCurrency: undefined },
    { blockExplorerUrls: ['javascript:alert(1)'] },
  ]
  for (const overrides of invalid) {
    await rejectsWith(
      provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(overrides)] }),
      -32602,
    )
  }
  await rejectsWith(provider.request({ method: 'wallet_addEthereumChain', params: [] }), -32602)
  assert.is(person.asked.length, 0, 'invalid params never reach the person')

  person.willReject()
  await rejectsWith(provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams()] }), 4001)
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x7a69')

  person.willApprove()
  assert.is(await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams()] }), null)
  assert.is(person.asked.at(-1)!.action, 'Add network')
  assert.match(person.asked.at(-1)!.summary, 'Localhost L2 (chain 31338)')
  assert.equal(events.chainChanged, ['0x7a6a'])
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x7a6a')
  assert.is(await provider.request({ method: 'net_version' }), '31338')
  assert.is(provider.testWallet.currentChainId, 31338)
})

test('after the switch, reads and transactions go to the 31338 node; switching back returns to 31337', async () => {
  const { provider, person, events } = makeWallet()
  person.willApprove(3)
  await provider.request({ method: 'eth_requestAccounts' })
  await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams()] })

  // A balance that only exists on 31338 tells the nodes apart.
  await createPublicClient({ transport: http(l2.rpcUrl) }).request({
    method: 'anvil_setBalance' as any,
    params: [RECIPIENT, '0x1234'] as any,
  })
  assert.is(await provider.request({ method: 'eth_getBalance', params: [RECIPIENT, 'latest'] }), '0x1234')

  const l1Before = await balanceOn(l1.rpcUrl, RECIPIENT)
  const hash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ to: RECIPIENT, value: `0x${parseEther('1').toString(16)}` }],
  })) as Hex
  assert.match(person.asked.at(-1)!.summary, 'on Localhost L2 (chain 31338)')
  const receipt = await createPublicClient({ transport: http(l2.rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
  })
  assert.is(receipt.status, 'success')
  assert.is(await balanceOn(l2.rpcUrl, RECIPIENT), 0x1234n + parseEther('1'))
  assert.is(await balanceOn(l1.rpcUrl, RECIPIENT), l1Before, 'nothing moved on 31337')

  person.willReject()
  await rejectsWith(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }), 4001)
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x7a6a')

  person.willApprove()
  assert.is(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }), null)
  assert.is(person.asked.at(-1)!.action, 'Switch network')
  assert.equal(events.chainChanged, ['0x7a6a', '0x7a69'])
  assert.is(
    await provider.request({ method: 'eth_getBalance', params: [RECIPIENT, 'latest'] }),
    `0x${l1Before.toString(16)}`,
  )

  // Now known: switching to 31338 needs no add, and adding it again is only a switch.
  person.willApprove()
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
  person.willApprove()
  await provider.request({
    method: 'wallet_addEthereumChain',
    params: [addChainParams({ chainId: '0x7a69', chainName: 'Localhost' })],
  })
  assert.is(person.asked.at(-1)!.action, 'Switch network')
  assert.equal(events.chainChanged, ['0x7a6a', '0x7a69', '0x7a6a', '0x7a69'])
  assert.is(person.pendingAnswers, 0)
})

test('added chains and the current chain persist in storage', async () => {
  const first = makeWallet()
  first.person.willApprove()
  await first.provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams()] })
  assert.is(JSON.parse(first.storage.get('chainId')!), 31338)
  assert.equal(
    JSON.parse(first.storage.get('chains')!).map((chain: { chainId: number }) => chain.chainId),
    [31337, 31338],
  )

  const second = makeWallet(first.storage)
  assert.is(await second.provider.request({ method: 'eth_chainId' }), '0x7a6a')
  second.person.willApprove()
  await second.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
  assert.is(await second.provider.request({ method: 'eth_chainId' }), '0x7a69')
})

test('a chain the wallet cannot reach is added with the dapp URL (reads then fail with 4901)', async () => {
  const { provider, person } = makeWallet()
  person.willApprove()
  await provider.request({
    method: 'wallet_addEthereumChain',
    params: [addChainParams({ chainId: '0x2a', chainName: 'Elsewhere', rpcUrls: ['http://127.0.0.1:9'] })],
  })
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x2a')
  await rejectsWith(provider.request({ method: 'eth_blockNumber' }), 4901)
})

test('viem switchChain and addChain over the provider', async () => {
  const { provider, person } = makeWallet()
  const l2Chain = defineChain({
    id: 31338,
    name: 'Localhost L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [l2.rpcUrl] } },
  })
  const wallet = createWalletClient({ transport: custom(provider) })
  try {
    await wallet.switchChain({ id: 31338 })
    assert.unreachable('31338 is not added yet')
  } catch (error: any) {
    assert.is(error.name, 'SwitchChainError')
  }
  person.willApprove()
  await wallet.addChain({ chain: l2Chain })
  assert.is(await wallet.getChainId(), 31338)
  person.willApprove()
  await wallet.switchChain({ id: 31337 })
  assert.is(await wallet.getChainId(), 31337)
})

test.run()
