// Smart sessions against the sandbox (demo/sandbox/sessions.mjs) and the real chains, through
// SigKit's client made by the one client factory: a session granted (the hosted service's POST
// route), listed, refused a revocation signed by someone else, revoked with the account's own
// signature (an EOA by recovery, a smart account by ERC-1271 on anvil) and gone from the list;
// sessions kept across an emulator restart; faults. Also the factory's network gate against the
// emulator's /v1/supported-chains (asked once; a network it does not serve is not asked about) and
// the fiat currency images of the on-ramp.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startApiEmulator } from '../../../demo/sandbox/api.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { apiClient } from '../../../src/api/client'
import { CONVERT_API } from '../../../src/api/convert-api'
import { ONRAMP_API } from '../../../src/api/onramp-api'
import {
  revokeMessage,
  SMART_SESSIONS_API,
  SMART_SESSIONS_ERRORS,
  SmartSessionsError,
} from '../../../src/api/smart-sessions-api'
import { clearSupportedChains } from '../../../src/api/supported-chains'
import { deploySmartAccount, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let dataDir: string
const L1 = 31337
const L2 = 31338

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sigkit-sessions-test-'))
  sandbox = await startSandbox({ dataDir })
})
test.after(async () => {
  await sandbox?.stop()
  await rm(dataDir, { recursive: true, force: true })
})
test.before.each(() => {
  sandbox.faults.clear()
  sandbox.clearRequests()
  clearSupportedChains()
})

const options = () => ({ projectId: 'sessions-test', endpoints: { api: sandbox.apiUrl } })
const sessionsApi = () => apiClient(SMART_SESSIONS_API, options())

/** Grants a session to a dapp for `caipAddress` through the hosted service's POST route. */
async function grant(caipAddress: string, name = 'Game') {
  const { status, body } = await postJson(`${sandbox.apiUrl}/v1/sessions/${caipAddress}?projectId=sessions-test`, {
    permission: { permissionType: 'contract-call', data: '0xabc', required: true, onChainValidated: false },
    project: { name, url: 'https://game.example' },
  })
  assert.is(status, 200, JSON.stringify(body))
  assert.type(body.pci, 'string')
  assert.match(body.key, /^0x04[0-9a-f]{128}$/)
  return body.pci as string
}

test('an EOA: granted, listed, refused with another signer’s signature, revoked with its own, gone', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = `eip155:${L1}:${owner.address}`
  const first = await grant(account, 'Game')
  const second = await grant(account, 'Market')
  const listed = await sessionsApi().getSessions(account)
  assert.equal(
    listed.map((session) => [session.pci, session.project.name, session.project.id]),
    [
      [first, 'Game', 'sessions-test'],
      [second, 'Market', 'sessions-test'],
    ],
  )
  assert.ok(listed.every((session) => session.expiry > Date.now()))
  assert.equal(listed[0]?.permissions, [{ type: 'contract-call', data: '0xabc' }])

  const stranger = privateKeyToAccount(generatePrivateKey())
  const forged = await stranger.signMessage({ message: revokeMessage({ pci: first }) })
  let refusal: unknown
  try {
    await sessionsApi().revoke({ caipAddress: account, pci: first, signature: forged })
  } catch (error) {
    refusal = error
  }
  assert.instance(refusal, SmartSessionsError)
  assert.is((refusal as SmartSessionsError).status, 401)
  assert.is((refusal as Error).message, 'The signature is not the account’s')
  assert.is((await sessionsApi().getSessions(account)).length, 2, 'still listed')

  const signature = await owner.signMessage({ message: revokeMessage({ pci: first }) })
  assert.equal(await sessionsApi().revoke({ caipAddress: account, pci: first, signature }), { success: true })
  assert.equal(
    (await sessionsApi().getSessions(account)).map((session) => session.pci),
    [second],
  )
  // Revoked once is revoked: the same request again finds no active session.
  let again: unknown
  try {
    await sessionsApi().revoke({ caipAddress: account, pci: first, signature })
  } catch (error) {
    again = error
  }
  assert.is((again as SmartSessionsError).status, 404)
  // Another account cannot see or revoke them.
  assert.equal(await sessionsApi().getSessions(`eip155:${L1}:${stranger.address}`), [])
})

test('a smart account revokes by ERC-1271: its owner signs, anvil checks it through the contract', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const smart = await deploySmartAccount(sandbox, owner.address, L2)
  const account = `eip155:${L2}:${smart}`
  const pci = await grant(account)
  const signature = await owner.signMessage({ message: revokeMessage({ pci }) })
  assert.equal(await sessionsApi().revoke({ caipAddress: account, pci, signature }), { success: true })
  assert.equal(await sessionsApi().getSessions(account), [])
})

test('sessions are kept in sessions.json and survive a restart; revoked ones are not listed again', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = `eip155:${L1}:${owner.address}`
  const kept = await grant(account)
  const revoked = await grant(account)
  const signature = await owner.signMessage({ message: revoked })
  await sessionsApi().revoke({ caipAddress: account, pci: revoked, signature })
  await sandbox.api.smartSessions.flushed()
  const file = JSON.parse(readFileSync(sandbox.api.smartSessions.file, 'utf8'))
  assert.is(file.version, 1)
  assert.ok(file.sessions.find((record: any) => record.pci === revoked).revokedAt > 0)

  const restarted = await startApiEmulator({ chains: sandbox.chains, dataDir })
  try {
    const listed = await apiClient(SMART_SESSIONS_API, {
      projectId: 'sessions-test',
      endpoints: { api: restarted.url },
    }).getSessions(account)
    assert.equal(
      listed.map((session) => session.pci),
      [kept],
    )
  } finally {
    await restarted.stop()
  }
})

test('faults: an error status and a malformed list give the fallback text; a bad address is refused', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = `eip155:${L1}:${owner.address}`
  await grant(account)
  sandbox.faults.set({ route: 'smartSessions', mode: '500', times: 1 })
  let failure: unknown
  try {
    await sessionsApi().getSessions(account)
  } catch (error) {
    failure = error
  }
  assert.is((failure as Error).message, SMART_SESSIONS_ERRORS.list)
  sandbox.faults.set({ route: 'smartSessions', mode: 'malformed', times: 1 })
  failure = undefined
  try {
    await sessionsApi().getSessions(account)
  } catch (error) {
    failure = error
  }
  assert.is((failure as Error).message, SMART_SESSIONS_ERRORS.list)
  assert.is((await sessionsApi().getSessions(account)).length, 1, 'recovered')
  const { status, body } = await postJson(`${sandbox.apiUrl}/v1/sessions/0x1234/revoke`, { pci: 'x', signature: '0x' })
  assert.is(status, 400)
  assert.is(body.status, 'FAILED')
})

test('the factory’s gate: supported-chains asked once; a network the API does not serve is never asked about', async () => {
  const mainnetAccount = `eip155:1:${privateKeyToAccount(generatePrivateKey()).address}`
  assert.equal(await sessionsApi().getSessions(mainnetAccount), [])
  assert.equal(await apiClient(CONVERT_API, options()).getTokens('eip155:1'), [])
  const onramp = apiClient(ONRAMP_API, options())
  assert.equal(await onramp.getOptions('eip155:1'), { purchaseCurrencies: [], paymentCurrencies: [] })
  assert.is((await apiClient(CONVERT_API, options()).getTokens(`eip155:${L1}`)).length > 0, true)
  assert.ok((await onramp.getOptions(`eip155:${L1}`)).purchaseCurrencies.length > 0)
  assert.is(sandbox.requests('supportedChains').length, 1)
  assert.is(sandbox.requests('smartSessions').length, 0)
  assert.is(sandbox.requests('convertTokens').length, 1)
  assert.is(sandbox.requests('onrampOptions').length, 1)
  const gate = new URL(sandbox.requests('supportedChains')[0]!.url, sandbox.apiUrl)
  assert.is(gate.searchParams.get('projectId'), 'sessions-test')
  assert.is(gate.searchParams.get('st'), 'appkit')
})

test('getCurrencyImage: a fiat currency’s picture; an unknown id is a 404', async () => {
  const usd = await fetch(`${sandbox.apiUrl}/public/getCurrencyImage/USD`)
  assert.is(usd.status, 200)
  assert.match(usd.headers.get('content-type') ?? '', /image\/svg\+xml/)
  assert.match(await usd.text(), /aria-label="USD"/)
  assert.is((await fetch(`${sandbox.apiUrl}/public/getCurrencyImage/not-a-currency`)).status, 404)
})

test.run()
