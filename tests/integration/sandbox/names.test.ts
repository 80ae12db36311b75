// The emulator's name service (demo/sandbox/names.mjs) against the real chains: registration with
// an EOA (recovery) and with a smart account (ERC-1271 through anvil), every refusal, lookups,
// reverse lookups, suggestions and the identity route agreeing after a registration, names kept
// across an emulator restart (names.json in the data folder), faults and the request log; and the
// SigKit client (src/api/profile-api.ts) against it, texts included.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { startApiEmulator } from '../../../demo/sandbox/api.mjs'
import { ANVIL_ACCOUNTS } from '../../../demo/sandbox/chains.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { createProfileApi, NameServiceError, resolveName, resolvedAddress } from '../../../src/api/profile-api'
import { coinTypeOf, registeredName, registrationMessage } from '../../../src/features/names/rules'
import { deploySmartAccount, fetchJson, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string
let dataDir: string
const L1 = 31337
const L2 = 31338

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sigkit-names-test-'))
  sandbox = await startSandbox({ dataDir })
  api = sandbox.apiUrl
})
test.after(async () => {
  await sandbox?.stop()
  await rm(dataDir, { recursive: true, force: true })
})
test.before.each(() => {
  sandbox.faults.clear()
  sandbox.clearRequests()
})

const rpcUrlOf = (chainId: number) => sandbox.chains.find((chain) => chain.chainId === chainId)!.rpcUrl

/** A registration body for `name`, signed by `signer` for `address` (its own by default). */
async function registration(
  signer: PrivateKeyAccount,
  name: string,
  options: { address?: string; chainId?: number; timestamp?: number; message?: string } = {},
) {
  const message =
    options.message ??
    (options.timestamp === undefined
      ? registrationMessage(name)
      : JSON.stringify({ name, attributes: {}, timestamp: options.timestamp }))
  return {
    coin_type: coinTypeOf(options.chainId ?? L1),
    address: options.address ?? signer.address,
    message,
    signature: await signer.signMessage({ message }),
  }
}

const register = (body: unknown) => postJson(`${api}/v1/profile/account`, body)
const lookup = (name: string) => fetchJson(`${api}/v1/profile/account/${encodeURIComponent(name)}?apiVersion=2`)
const reverse = (address: string) => fetchJson(`${api}/v1/profile/reverse/${address}?sender=${address}&apiVersion=2`)
const suggestions = async (name: string) =>
  (await fetchJson(`${api}/v1/profile/suggestions/${encodeURIComponent(name)}?zone=reown.id`)).body.suggestions

/** The first reason of a refusal, with its status. */
async function refusal(body: unknown): Promise<[number, string]> {
  const { status, body: answer } = await register(body)
  assert.is(answer.status, 'FAILED', JSON.stringify(answer))
  return [status, answer.reasons[0].description]
}

const alice = privateKeyToAccount(generatePrivateKey())
const bob = privateKeyToAccount(generatePrivateKey())

test('an EOA registers a name: the record, then lookup, reverse, suggestions and identity agree', async () => {
  const { status, body: record } = await register(await registration(alice, 'alice.reown.id'))
  assert.is(status, 200, JSON.stringify(record))
  assert.is(record.name, 'alice.reown.id')
  assert.ok(Date.parse(record.registered_at) <= Date.now())
  assert.equal(Object.keys(record.addresses), [String(coinTypeOf(L1))])
  assert.is(record.addresses[String(coinTypeOf(L1))].address, alice.address)
  assert.match(record.attributes[0].avatar, new RegExp(`^${api}/public/getAssetImage/avatar-alice$`))

  assert.equal((await lookup('alice.reown.id')).body, record)
  assert.equal((await lookup('Alice.Reown.ID')).body, record, 'names are case-insensitive')
  assert.equal((await reverse(alice.address)).body, [record])
  assert.equal((await reverse(alice.address.toLowerCase())).body, [record])
  assert.equal((await reverse(bob.address)).body, [], 'an address without a name: an empty list')
  const [first, ...variants] = await suggestions('alice')
  assert.equal(first, { name: 'alice.reown.id', registered: true }, 'the name itself, flagged taken')
  assert.ok(variants.length > 0 && variants.every((item: any) => item.registered === false))
  assert.ok(
    variants.every((item: any) => /^alice\d+\.reown\.id$/.test(item.name)),
    JSON.stringify(variants),
  )

  const identity = await fetchJson(`${api}/v1/identity/${alice.address}?sender=${alice.address}`)
  assert.equal(identity.body, { name: 'alice.reown.id', avatar: record.attributes[0].avatar })
  const avatar = await fetch(identity.body.avatar)
  assert.is(avatar.status, 200)
  assert.match(avatar.headers.get('content-type') ?? '', /image\/svg\+xml/)
})

test('a free name is suggested first, unflagged; taken variants are skipped', async () => {
  assert.equal((await suggestions('carol'))[0], { name: 'carol.reown.id', registered: false })
  assert.is((await register(await registration(bob, 'carol1.reown.id'))).status, 200)
  const after = await suggestions('carol')
  assert.equal(after[0], { name: 'carol.reown.id', registered: false })
  assert.not.ok(
    after.some((item: any) => item.name === 'carol1.reown.id'),
    'a registered variant is never offered as free',
  )
  assert.is(after.length, 5)
  assert.equal((await suggestions('carol.reown.id'))[0], after[0], 'a full name is taken as its base')
  // Too short or with other characters: no suggestion of the name itself, only valid variants.
  const short = await suggestions('al')
  assert.ok(
    short.length > 0 && short.every((item: any) => /^al\d{2,}\.reown\.id$/.test(item.name)),
    JSON.stringify(short),
  )
  assert.equal(await suggestions('!!!'), [])
  assert.is((await fetchJson(`${api}/v1/profile/suggestions/alice?zone=example.com`)).status, 400)
})

test('a smart account registers by ERC-1271: the owner signs, anvil checks it through the contract', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await deploySmartAccount(sandbox, owner.address, L2)
  const body = await registration(owner, 'smart-dave.reown.id', { address: account, chainId: L2 })
  const { status, body: record } = await register(body)
  assert.is(status, 200, JSON.stringify(record))
  assert.equal(record.addresses, {
    [String(coinTypeOf(L2))]: { address: account, created: record.registered_at },
  })
  assert.equal((await reverse(account)).body, [record])
  assert.equal((await reverse(owner.address)).body, [], 'the name is the account’s, not its owner’s')
  // The same account on a chain where it does not exist: its signature cannot be checked there.
  const elsewhere = await registration(owner, 'smart-dave2.reown.id', { address: account, chainId: L1 })
  assert.equal(await refusal(elsewhere), [401, 'The signature does not match the address'])
})

test('a smart account that is not deployed cannot sign for itself', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const factory = sandbox.smartAccounts[L1]!.factory
  const reader = createPublicClient({ transport: http(rpcUrlOf(L1)) })
  const account = await reader.readContract({
    address: factory,
    abi: parseAbi(['function addressOf(address owner) view returns (address)']),
    functionName: 'addressOf',
    args: [owner.address],
  })
  const body = await registration(owner, 'ghost-account.reown.id', { address: account })
  assert.equal(await refusal(body), [401, 'The signature does not match the address'])
  assert.is((await lookup('ghost-account.reown.id')).status, 404)
})

test('a taken name is refused (409), in any case; the first owner keeps it', async () => {
  assert.equal(await refusal(await registration(bob, 'alice.reown.id')), [409, 'alice.reown.id is already registered'])
  assert.equal(await refusal(await registration(bob, 'ALICE.reown.id')), [409, 'alice.reown.id is already registered'])
  assert.is((await lookup('alice.reown.id')).body.addresses[String(coinTypeOf(L1))].address, alice.address)
  assert.equal(
    (await reverse(bob.address)).body.map((record: any) => record.name),
    ['carol1.reown.id'],
  )
})

test('two registrations of one free name at once: one wins, the other is refused', async () => {
  const [first, second] = await Promise.all([
    register(await registration(alice, 'race-name.reown.id')),
    register(await registration(bob, 'race-name.reown.id')),
  ])
  assert.equal([first.status, second.status].sort(), [200, 409])
  const owners = (await lookup('race-name.reown.id')).body.addresses
  assert.is(Object.keys(owners).length, 1)
})

test('a name that breaks the rules is refused with the rule’s text', async () => {
  assert.equal(await refusal(await registration(bob, 'abc.reown.id')), [400, 'Name must be at least 4 characters long'])
  assert.equal(await refusal(await registration(bob, 'bo_b.reown.id')), [400, 'The value is not a valid username'])
  assert.equal(await refusal(await registration(bob, 'bob b.reown.id')), [400, 'The value is not a valid username'])
  assert.equal(await refusal(await registration(bob, 'bobby.wcn.id')), [400, 'Names end with .reown.id'])
  assert.equal(await refusal(await registration(bob, 'bobby')), [400, 'Names end with .reown.id'])
})

test('the message is checked: its JSON, a fresh timestamp, and a signature over that very text', async () => {
  const now = Math.floor(Date.now() / 1000)
  assert.equal(await refusal(await registration(bob, 'stale-bob.reown.id', { timestamp: now - 3600 })), [
    400,
    'The signed message has expired',
  ])
  assert.equal(await refusal(await registration(bob, 'future-bob.reown.id', { timestamp: now + 3600 })), [
    400,
    'The signed message is from the future',
  ])
  assert.equal(await refusal(await registration(bob, 'x', { message: 'not json' })), [
    400,
    'message must be JSON with name, attributes and timestamp',
  ])
  assert.equal(await refusal(await registration(bob, 'x', { message: '{"name":"bobby.reown.id"}' })), [
    400,
    'timestamp must be Unix seconds',
  ])
  // The name changed after signing: the signature no longer matches.
  const signed = await registration(bob, 'bobby.reown.id')
  const tampered = { ...signed, message: signed.message.replace('bobby', 'bobbo') }
  assert.equal(await refusal(tampered), [401, 'The signature does not match the address'])
  // Someone else's signature.
  const forged = await registration(alice, 'bobby.reown.id', { address: bob.address })
  assert.equal(await refusal(forged), [401, 'The signature does not match the address'])
  assert.is((await lookup('bobby.reown.id')).status, 404, 'nothing was registered')
})

test('the request shape is checked: address, signature, and a coin type of a sandbox chain', async () => {
  const good = await registration(bob, 'shape-bob.reown.id')
  assert.equal(await refusal({ ...good, address: 'bob' }), [400, 'address must be an EVM address'])
  assert.equal(await refusal({ ...good, signature: '0x1234' }), [400, 'signature must be a hex signature'])
  assert.equal(await refusal({ ...good, message: 42 }), [400, 'message must be the signed JSON text'])
  assert.equal(await refusal({ ...good, coin_type: coinTypeOf(1) }), [400, `Unsupported coin type ${coinTypeOf(1)}`])
  assert.equal(await refusal({ ...good, coin_type: 60 }), [400, 'Unsupported coin type 60'])
  assert.equal(await refusal({ ...good, coin_type: 'x' }), [400, 'Unsupported coin type x'])
  assert.is((await register({ ...good, coin_type: String(good.coin_type) })).status, 200, 'a decimal string is taken')
})

test('lookups of unknown names and bad addresses', async () => {
  const unknown = await lookup('nobody-here.reown.id')
  assert.is(unknown.status, 404)
  assert.not.ok('reasons' in unknown.body, 'no reason: the widget shows its own fallback text')
  assert.is((await lookup('alice')).status, 404, 'a base name is not a name')
  assert.is((await reverse('not-an-address')).status, 400)
  assert.is((await fetchJson(`${api}/v1/profile/account`)).status, 405, 'GET of the registration route')
})

test("a name of the identity route's own table resolves through the lookup route too, and with SigKit's resolveName", async () => {
  const tester = ANVIL_ACCOUNTS.wallet
  const identity = await fetchJson(`${api}/v1/identity/${tester}`)
  assert.is(identity.body.name, 'sigkit-tester.eth')
  const found = await lookup('Sigkit-Tester.eth')
  assert.is(found.status, 200)
  assert.is(found.body.name, 'sigkit-tester.eth')
  assert.equal(
    Object.values(found.body.addresses).map((entry: any) => entry.address.toLowerCase()),
    [tester.toLowerCase()],
  )
  const resolved = await resolveName(createProfileApi({ baseUrl: api, projectId: 'names-test' }), 'sigkit-tester.eth')
  assert.is(resolved.address.toLowerCase(), tester.toLowerCase())
  assert.is(resolved.avatar, identity.body.avatar)
  assert.is((await lookup('nobody.eth')).status, 404)
})

test('faults: every name route fails on demand and is logged, bodies included', async () => {
  const calls: Record<string, () => Promise<Response>> = {
    profileAccount: () => fetch(`${api}/v1/profile/account/alice.reown.id`),
    profileReverse: () => fetch(`${api}/v1/profile/reverse/${alice.address}`),
    profileSuggestions: () => fetch(`${api}/v1/profile/suggestions/alice`),
    profileRegister: () => fetch(`${api}/v1/profile/account`, { method: 'POST', body: '{}' }),
  }
  for (const [route, call] of Object.entries(calls)) {
    for (const mode of ['500', '429', 'malformed', 'invalid-json']) {
      sandbox.faults.set({ route, mode, times: 1 })
      const response = await call()
      const text = await response.text()
      if (mode === '500' || mode === '429') assert.is(response.status, Number(mode), `${route} ${mode}`)
      else assert.is(response.status, 200, `${route} ${mode}`)
      if (mode === 'invalid-json') assert.throws(() => JSON.parse(text))
    }
    assert.is((await call()).status === 500, false, `${route} recovers`)
    assert.is(sandbox.requests(route).length, 5, route)
  }
  // Over HTTP too, and the registration's body is in the log.
  assert.is(
    (await postJson(`${api}/__sandbox/faults`, { route: 'profileRegister', mode: '500', times: 1 })).status,
    200,
  )
  const body = await registration(bob, 'logged-bob.reown.id')
  assert.is((await register(body)).status, 500)
  const logged = (await fetchJson(`${api}/__sandbox/requests?route=profileRegister`)).body.requests.at(-1)
  assert.equal(logged.body, body)
  assert.is((await lookup('logged-bob.reown.id')).status, 404, 'a faulted registration registers nothing')
  sandbox.faults.set({ route: 'profileSuggestions', mode: 'slow', delayMs: 300, times: 1 })
  const started = Date.now()
  assert.ok((await suggestions('alice')).length > 0)
  assert.ok(Date.now() - started >= 290)
})

test("SigKit's client against the emulator: register, resolve, reverse, suggestions, and the texts of failures", async () => {
  const client = createProfileApi({ baseUrl: api, projectId: 'names-test' })
  const erin = privateKeyToAccount(generatePrivateKey())
  const name = registeredName('Erin-Test')
  const message = registrationMessage(name)
  const record = await client.register({
    coinType: coinTypeOf(L1),
    address: erin.address,
    message,
    signature: await erin.signMessage({ message }),
  })
  assert.is(record.name, 'erin-test.reown.id')
  assert.is(resolvedAddress(await client.lookupName(name)), erin.address)
  assert.equal(
    (await client.reverseLookup(erin.address, erin.address)).map((item) => item.name),
    [name],
  )
  assert.equal((await client.getSuggestions('erin-test'))[0], { name, registered: true })

  // A refusal shows the service's reason; everything else the spec's fallback.
  const again = await client
    .register({
      coinType: coinTypeOf(L1),
      address: erin.address,
      message,
      signature: await erin.signMessage({ message }),
    })
    .catch((error) => error)
  assert.instance(again, NameServiceError)
  assert.is(again.message, 'erin-test.reown.id is already registered')
  const unknown = await client.lookupName('nobody-here.reown.id').catch((error) => error)
  assert.is(unknown.message, 'Error resolving name')
  const fallbacks: [string, string, () => Promise<unknown>][] = [
    ['profileAccount', 'Error resolving name', () => client.lookupName(name)],
    ['profileReverse', 'Error fetching names for address', () => client.reverseLookup(erin.address)],
    ['profileSuggestions', 'Error fetching name suggestions', () => client.getSuggestions('erin')],
    [
      'profileRegister',
      'Error registering name frank-test.reown.id',
      async () => {
        const text = registrationMessage('frank-test.reown.id')
        return client.register({
          coinType: coinTypeOf(L1),
          address: erin.address,
          message: text,
          signature: await erin.signMessage({ message: text }),
        })
      },
    ],
  ]
  for (const [route, fallback, call] of fallbacks) {
    for (const mode of ['500', '429', 'malformed', 'invalid-json']) {
      sandbox.faults.set({ route, mode, times: 1 })
      const error: unknown = await call().catch((failure: unknown) => failure)
      assert.instance(error, NameServiceError, `${route} ${mode}`)
      assert.is((error as NameServiceError).message, fallback, `${route} ${mode}`)
    }
  }
})

test('names are kept in names.json in the data folder, written whole, and survive a restart', async () => {
  const file = join(dataDir, 'names.json')
  assert.is(sandbox.api.names.file, file)
  const saved = JSON.parse(readFileSync(file, 'utf8'))
  assert.is(saved.version, 1)
  assert.ok(saved.names.some((record: any) => record.name === 'alice.reown.id'))
  assert.equal(saved.names, sandbox.api.names.list())
  assert.equal(
    readdirSync(dataDir).filter((entry) => entry.endsWith('.tmp')),
    [],
    'no temporary file left behind',
  )

  // A second emulator on its own folder: register, stop, start again on the same folder.
  const folder = await mkdtemp(join(tmpdir(), 'sigkit-names-restart-'))
  try {
    const first = await startApiEmulator({ chains: sandbox.chains, dataDir: folder })
    const greta = privateKeyToAccount(generatePrivateKey())
    const body = await registration(greta, 'greta-restart.reown.id')
    const registered = await postJson(`${first.url}/v1/profile/account`, body)
    assert.is(registered.status, 200)
    await first.stop()

    const second = await startApiEmulator({ chains: sandbox.chains, dataDir: folder })
    try {
      const found = await fetchJson(`${second.url}/v1/profile/account/greta-restart.reown.id`)
      assert.is(found.status, 200)
      // The same record; the avatar now points at the new emulator.
      assert.equal({ ...found.body, attributes: [] }, { ...registered.body, attributes: [] })
      assert.match(found.body.attributes[0].avatar, new RegExp(`^${second.url}/`))
      assert.equal(
        (await fetchJson(`${second.url}/v1/profile/reverse/${greta.address}`)).body.map((r: any) => r.name),
        ['greta-restart.reown.id'],
      )
      assert.is((await fetchJson(`${second.url}/v1/identity/${greta.address}`)).body.name, 'greta-restart.reown.id')
      const again = await postJson(
        `${second.url}/v1/profile/account`,
        await registration(greta, 'greta-restart.reown.id'),
      )
      assert.is(again.status, 409, 'still taken after the restart')
      assert.equal((await fetchJson(`${second.url}/v1/profile/suggestions/greta-restart`)).body.suggestions[0], {
        name: 'greta-restart.reown.id',
        registered: true,
      })
    } finally {
      await second.stop()
    }
    assert.ok(existsSync(join(folder, 'names.json')), 'the folder given is never removed')

    // A file that is not a names file stops the emulator from starting, rather than being overwritten.
    writeFileSync(join(folder, 'names.json'), '{"oops": true}')
    const refused = await startApiEmulator({ chains: sandbox.chains, dataDir: folder }).catch((error) => error)
    assert.instance(refused, Error)
    assert.match(refused.message, /is not a names file/)
    assert.is(readFileSync(join(folder, 'names.json'), 'utf8'), '{"oops": true}')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('without a data folder the emulator keeps names in a temporary one and removes it on stop', async () => {
  const emulator = await startApiEmulator({ chains: sandbox.chains })
  const body = await registration(bob, 'temporary-bob.reown.id')
  assert.is((await postJson(`${emulator.url}/v1/profile/account`, body)).status, 200)
  const { file } = emulator.names
  assert.ok(existsSync(file))
  await emulator.stop()
  assert.not.ok(existsSync(file))
})

test.run()
