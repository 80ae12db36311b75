// Test wallet: connecting a site, silent session restore, permissions, and the EIP-1193 basics
// (events, unsupported methods, bad arguments), against a real anvil node.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestWalletProvider } from '../../../demo/test-wallet/provider.js'
import { createMemoryStorage } from '../../../demo/test-wallet/storage.js'
import { startChain, type AnvilChain } from './anvil-chains'
import { ACCOUNT, recordEvents, rejectsWith, scriptedPerson } from './helpers'

const ORIGIN = 'http://127.0.0.1:5173'
let chain: AnvilChain

test.before(async () => {
  chain = await startChain(31337)
})
test.after(async () => {
  await chain?.stop()
})

function makeWallet(storage = createMemoryStorage()) {
  const person = scriptedPerson()
  const provider = createTestWalletProvider({
    chains: [{ chainId: 31337, name: 'Localhost', rpcUrl: chain.rpcUrl }],
    approve: person.approve,
    storage,
    origin: ORIGIN,
  })
  return { provider, person, storage, events: recordEvents(provider) }
}

test('eth_requestAccounts: approve authorizes the site, returns the account and emits accountsChanged', async () => {
  const { provider, person, events } = makeWallet()
  assert.equal(await provider.request({ method: 'eth_accounts' }), [], 'nothing before connecting')
  person.willApprove()
  assert.equal(await provider.request({ method: 'eth_requestAccounts' }), [ACCOUNT])
  assert.is(person.asked.length, 1)
  assert.is(person.asked[0]!.method, 'eth_requestAccounts')
  assert.is(person.asked[0]!.origin, ORIGIN)
  assert.is(person.asked[0]!.action, 'Connect to this site')
  assert.match(person.asked[0]!.summary, ACCOUNT)
  assert.equal(events.accountsChanged, [[ACCOUNT]])
  assert.equal(await provider.request({ method: 'eth_accounts' }), [ACCOUNT])
  // Already authorized: no second prompt.
  assert.equal(await provider.request({ method: 'eth_requestAccounts' }), [ACCOUNT])
  assert.is(person.asked.length, 1)
})

test('eth_requestAccounts: reject gives 4001 and leaves the site unauthorized', async () => {
  const { provider, person, events } = makeWallet()
  person.willReject()
  await rejectsWith(provider.request({ method: 'eth_requestAccounts' }), 4001, 'User rejected the request.')
  assert.equal(await provider.request({ method: 'eth_accounts' }), [])
  assert.equal(events.accountsChanged, [])
})

test('concurrent eth_requestAccounts share one prompt', async () => {
  const { provider, person } = makeWallet()
  person.willApprove()
  const results = await Promise.all([
    provider.request({ method: 'eth_requestAccounts' }),
    provider.request({ method: 'eth_requestAccounts' }),
  ])
  assert.equal(results, [[ACCOUNT], [ACCOUNT]])
  assert.is(person.asked.length, 1)
})

test('authorization persists in storage: a new provider restores the session silently', async () => {
  const first = makeWallet()
  first.person.willApprove()
  await first.provider.request({ method: 'eth_requestAccounts' })
  assert.equal(JSON.parse(first.storage.get('authorizedOrigins')!), [ORIGIN])

  const second = makeWallet(first.storage)
  assert.equal(await second.provider.request({ method: 'eth_accounts' }), [ACCOUNT])
  assert.equal(await second.provider.request({ method: 'eth_requestAccounts' }), [ACCOUNT])
  assert.is(second.person.asked.length, 0, 'no prompt on restore')

  // Another site sharing the same wallet storage is not authorized.
  const other = createTestWalletProvider({
    chains: [{ chainId: 31337, name: 'Localhost', rpcUrl: chain.rpcUrl }],
    approve: scriptedPerson().approve,
    storage: first.storage,
    origin: 'http://other.example',
  })
  assert.equal(await other.request({ method: 'eth_accounts' }), [])
})

test('permissions: request, get, revoke (accountsChanged [])', async () => {
  const { provider, person, events } = makeWallet()
  assert.equal(await provider.request({ method: 'wallet_getPermissions' }), [])
  await rejectsWith(provider.request({ method: 'wallet_requestPermissions', params: [{ eth_foo: {} }] }), -32602)
  person.willApprove()
  const granted: any = await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
  assert.is(granted[0].parentCapability, 'eth_accounts')
  assert.is(granted[0].invoker, ORIGIN)
  assert.equal(granted[0].caveats[0].value, [ACCOUNT])
  assert.equal(await provider.request({ method: 'wallet_getPermissions' }), granted)
  assert.equal(await provider.request({ method: 'eth_accounts' }), [ACCOUNT])

  assert.is(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }), null)
  assert.equal(events.accountsChanged, [[ACCOUNT], []])
  assert.equal(await provider.request({ method: 'eth_accounts' }), [])
  assert.equal(await provider.request({ method: 'wallet_getPermissions' }), [])
})

test('chain id, net_version and read-only calls go to the node', async () => {
  const { provider } = makeWallet()
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x7a69')
  assert.is(await provider.request({ method: 'net_version' }), '31337')
  const balance = await provider.request({ method: 'eth_getBalance', params: [ACCOUNT, 'latest'] })
  assert.ok(BigInt(balance as string) > 0n)
  assert.match(String(await provider.request({ method: 'eth_blockNumber' })), /^0x[0-9a-f]+$/)
})

test('unsupported methods give 4200, bad arguments -32602, node errors pass through', async () => {
  const { provider } = makeWallet()
  await rejectsWith(provider.request({ method: 'eth_sign', params: [ACCOUNT, '0x00'] }), 4200)
  await rejectsWith(provider.request({ method: 'toString' }), 4200)
  await rejectsWith(
    provider.request({ method: 'anvil_setBalance', params: [ACCOUNT, '0x0'] }),
    4200,
    /anvil_setBalance/,
  )
  await rejectsWith(provider.request(undefined as any), -32602)
  await rejectsWith(provider.request({ method: 'eth_accounts', params: 'nope' } as any), -32602)
  // The node's own error (bad block tag) keeps the node's code.
  const error = await rejectsWith(
    provider.request({ method: 'eth_getBalance', params: [ACCOUNT, 'not-a-block'] }),
    -32602,
  )
  assert.ok(error.message.length > 0)
})

test('a node that cannot be reached gives 4901', async () => {
  const provider = createTestWalletProvider({
    chains: [{ chainId: 31337, name: 'Localhost', rpcUrl: 'http://127.0.0.1:9' }],
    approve: scriptedPerson().approve,
  })
  await rejectsWith(provider.request({ method: 'eth_blockNumber' }), 4901)
})

test('events: connect at start; setAccount, lock, disconnect and reconnect', async () => {
  const { provider, person, events } = makeWallet()
  await new Promise((resolve) => setTimeout(resolve, 10))
  assert.equal(events.connect, [{ chainId: '0x7a69' }])

  // Not authorized yet: changing the account tells nobody.
  provider.testWallet.setAccount('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  assert.equal(events.accountsChanged, [])
  person.willApprove()
  assert.equal(await provider.request({ method: 'eth_requestAccounts' }), [
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  ])
  provider.testWallet.setAccount(ACCOUNT)
  assert.equal(events.accountsChanged.at(-1), [ACCOUNT])
  assert.throws(() => provider.testWallet.setAccount('0x123'))

  provider.testWallet.lock()
  assert.equal(events.accountsChanged.at(-1), [])
  assert.equal(await provider.request({ method: 'eth_accounts' }), [])

  provider.testWallet.disconnect()
  assert.is(events.disconnect.length, 1)
  assert.is((events.disconnect[0] as any).code, 4900)
  assert.instance(events.disconnect[0], Error)
  assert.is(provider.isConnected(), false)
  await rejectsWith(provider.request({ method: 'eth_chainId' }), 4900)
  provider.testWallet.reconnect()
  assert.equal(events.connect.at(-1), { chainId: '0x7a69' })
  assert.is(await provider.request({ method: 'eth_chainId' }), '0x7a69')
})

test('removeListener stops events; a throwing listener does not silence the others', async () => {
  const { provider, person } = makeWallet()
  const heard: unknown[] = []
  const listener = (accounts: unknown) => heard.push(accounts)
  provider.on('accountsChanged', listener)
  provider.removeListener('accountsChanged', listener)
  const thrown: unknown[] = []
  const uncaught = (error: unknown) => thrown.push(error)
  process.on('uncaughtException', uncaught)
  provider.on('accountsChanged', () => {
    throw new Error('broken dapp listener')
  })
  const after: unknown[] = []
  provider.on('accountsChanged', (accounts: unknown) => after.push(accounts))
  person.willApprove()
  await provider.request({ method: 'eth_requestAccounts' })
  await new Promise((resolve) => setTimeout(resolve, 10))
  process.off('uncaughtException', uncaught)
  assert.equal(heard, [])
  assert.equal(after, [[ACCOUNT]])
  assert.is((thrown[0] as Error)?.message, 'broken dapp listener')
})

test.run()
