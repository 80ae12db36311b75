// When SigKit asks for sign-in (src/features/siwx/sign-in.ts), with a fake in-memory SIWXConfig that records its
// calls and account and network state set directly through core's setters. The same flows with a
// real wallet and the localStorage config are in tests/integration/eip155/siwx.test.ts; here are
// the edges a wallet cannot reach: unsupported networks, a broken dapp store, checks that race an
// account switch, the close guard on other views, and sign-out failures.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setAccount } from '../../../../src/core/state/account'
import { initCore } from '../../../../src/core/config/appkit-state'
import { closeModal, modalState, openModal, setModalRenderer } from '../../../../src/core/modal/modal'
import { createUnknownNetwork, setActiveCaipNetwork } from '../../../../src/core/state/network'
import { validateOptions } from '../../../../src/core/config/options'
import { currentView, pushView, resetView } from '../../../../src/core/modal/router'
import {
  endSignInRequest,
  isSignInRequired,
  requestSignIn,
  routeToSignIn,
  signOutOnDisconnect,
  watchSignIn,
  getSIWX,
} from '../../../../src/features/siwx/sign-in'
import type { CaipNetwork, CaipNetworkId } from '../../../../src/core/types'
import { base, mainnet, solana, validInput } from '../../helpers/fixtures'
import { deferred } from '../../../helpers/async'
import { type SIWXConfig, type SIWXSession } from '../../../../src/core/config/siwx'
import { resetAllState } from '../../helpers/reset'
import { fakeSIWX, type FakeSIWX } from '../../helpers/siwx'

const ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const OTHER_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOLANA_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

/** A network with a well-formed id that the dapp did not request. */
const optimism: CaipNetwork = {
  id: 10,
  caipNetworkId: 'eip155:10',
  chainNamespace: 'eip155',
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://op.example.org'] } },
}

/** Lets pending promise callbacks run. */
async function flush(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

function sessionFor(chainId: CaipNetworkId, accountAddress: string): SIWXSession {
  return {
    data: {
      chainId,
      accountAddress,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: 'n0nce',
    },
    message: 'signed',
    signature: '0xsig',
  }
}

/** The account connected on `network`, as applyConnection / applyNetwork leave it. */
function connect(
  network: CaipNetwork = mainnet,
  address = network.chainNamespace === 'solana' ? SOLANA_ADDRESS : ADDRESS,
): void {
  setActiveCaipNetwork(network)
  setAccount(network.chainNamespace, {
    address,
    caipAddress: `${network.caipNetworkId}:${address}` as `eip155:${string}:${string}`,
    status: 'connected',
  })
}

/** A switch of network in the wallet, as applyNetwork does it: the network, then the CAIP address. */
function switchTo(network: CaipNetwork, address = ADDRESS): void {
  setActiveCaipNetwork(network)
  setAccount(network.chainNamespace, {
    caipAddress: `${network.caipNetworkId}:${address}` as `eip155:${string}:${string}`,
  })
}

let siwx: FakeSIWX
let errors: unknown[][] = []
const consoleError = console.error

function init(options: Record<string, unknown> = { siwx }): void {
  initCore(validateOptions(validInput({ features: { analytics: false }, ...options })))
}

test.before.each(() => {
  errors = []
  console.error = (...args: unknown[]) => {
    errors.push(args)
  }
  siwx = fakeSIWX()
  init()
})

test.after.each(async () => {
  console.error = consoleError
  await resetAllState()
})

const logged = (prefix: string) => errors.filter((args) => String(args[0]).startsWith(prefix))

// ── requestSignIn: when the sign view opens ─────────────────────────────────────────────────

test('requestSignIn opens the modal at SIWXSignMessage for a connected account on a requested network without a session', async () => {
  connect(mainnet)
  assert.is(getSIWX(), siwx, 'the config createAppKit received')
  assert.is(await requestSignIn(), true)
  assert.equal(
    siwx.calls.getSessions,
    [`eip155:1:${ADDRESS}`],
    'asked for the sessions of this account on this network',
  )
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'SIWXSignMessage')
  assert.equal(errors, [])
})

test('requestSignIn moves an open modal to SIWXSignMessage', async () => {
  connect(base)
  await openModal({ view: 'Account' })
  assert.is(await requestSignIn(), true)
  assert.equal(siwx.calls.getSessions, [`eip155:8453:${ADDRESS}`])
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('requestSignIn asks for the active namespace: a Solana account on Solana', async () => {
  connect(mainnet)
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  connect(solana)
  assert.is(await requestSignIn(), true)
  assert.equal(siwx.calls.getSessions, [`${solana.caipNetworkId}:${SOLANA_ADDRESS}`])
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('requestSignIn returns false and opens nothing when the account has a session on that network', async () => {
  connect(mainnet)
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  assert.is(await requestSignIn(), false)
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`])
  assert.is(modalState.open.value, false)
  assert.is(currentView.value, 'Connect')
})

test('a session on another network does not count: the sign view opens for this one', async () => {
  connect(base)
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  assert.is(await requestSignIn(), true)
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('requestSignIn returns false on an unknown network (a chain the wallet switched to) without asking the dapp', async () => {
  connect(createUnknownNetwork('eip155:999'))
  assert.is(await requestSignIn(), false)
  assert.equal(siwx.calls.getSessions, [])
  assert.is(modalState.open.value, false)
})

test('requestSignIn returns false on a known network the dapp did not request', async () => {
  connect(optimism)
  assert.is(await requestSignIn(), false)
  assert.equal(siwx.calls.getSessions, [])
  assert.is(modalState.open.value, false)
})

test('requestSignIn returns false when the active account is not connected', async () => {
  // Nothing connected at all.
  assert.is(await requestSignIn(), false)
  // An address, but still connecting.
  setActiveCaipNetwork(mainnet)
  setAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connecting' })
  assert.is(await requestSignIn(), false)
  // Connected on EVM, but the active namespace is Solana, where nothing is connected.
  connect(mainnet)
  setActiveCaipNetwork(solana)
  assert.is(await requestSignIn(), false)
  assert.equal(siwx.calls.getSessions, [])
  assert.is(modalState.open.value, false)
})

test('requestSignIn returns false without siwx', async () => {
  await resetAllState()
  init({})
  connect(mainnet)
  assert.is(getSIWX(), undefined)
  assert.is(await requestSignIn(), false)
  assert.is(modalState.open.value, false)
  assert.equal(siwx.calls.getSessions, [])
})

// ── a broken dapp store ─────────────────────────────────────────────────────────────────────

test('getSessions rejecting counts as no session: the view opens and the error is logged, not thrown', async () => {
  const failure = new Error('store unreachable')
  siwx.getSessions = async () => {
    throw failure
  }
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  assert.is(currentView.value, 'SIWXSignMessage')
  const [entry, ...more] = logged('[SigKit] siwx.getSessions failed')
  assert.is(more.length, 0)
  assert.is(entry?.[1], failure, 'the dapp error is logged')
})

test('getSessions throwing synchronously counts as no session too', async () => {
  siwx.getSessions = (() => {
    throw new Error('not a promise')
  }) as unknown as SIWXConfig['getSessions']
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  assert.is(currentView.value, 'SIWXSignMessage')
  assert.is(logged('[SigKit] siwx.getSessions failed').length, 1)
})

test('getSessions answering something other than an array counts as no session', async () => {
  for (const answer of [undefined, null, { length: 1 }, 'session', 1, true]) {
    await resetAllState()
    init()
    siwx.getSessions = async () => answer as unknown as SIWXSession[]
    connect(mainnet)
    let result: boolean | undefined
    try {
      result = await requestSignIn()
    } catch (error) {
      assert.unreachable(`requestSignIn threw for ${JSON.stringify(answer)}: ${String(error)}`)
    }
    assert.is(result, true, `opened for ${JSON.stringify(answer)}`)
    assert.is(currentView.value, 'SIWXSignMessage')
  }
})

// ── one check at a time, and races with account switches ─────────────────────────────────────

test('two calls for the same account and network while the first check is pending share one getSessions call', async () => {
  const answer = deferred<SIWXSession[]>()
  let asked = 0
  siwx.getSessions = () => {
    asked++
    return answer.promise
  }
  connect(mainnet)
  const first = requestSignIn()
  const second = requestSignIn()
  assert.is(asked, 1)
  answer.resolve([])
  assert.equal(await Promise.all([first, second]), [true, true])
  assert.is(asked, 1)
  assert.is(currentView.value, 'SIWXSignMessage')

  // Once settled, a new call asks again.
  await flush()
  siwx.getSessions = async () => {
    asked++
    return [sessionFor('eip155:1', ADDRESS)]
  }
  assert.is(await requestSignIn(), false)
  assert.is(asked, 2)
})

test('a call for another network while a check is pending asks again', async () => {
  const answers: ReturnType<typeof deferred<SIWXSession[]>>[] = []
  siwx.getSessions = () => {
    const answer = deferred<SIWXSession[]>()
    answers.push(answer)
    return answer.promise
  }
  connect(mainnet)
  const first = requestSignIn()
  switchTo(base)
  const second = requestSignIn()
  assert.is(answers.length, 2)
  answers[1]?.resolve([])
  answers[0]?.resolve([])
  assert.equal(
    await Promise.all([first, second]),
    [false, true],
    'only the check of the current network opens the view',
  )
})

test('the account changes while getSessions is pending: no sign view for the old account', async () => {
  const answer = deferred<SIWXSession[]>()
  siwx.getSessions = () => answer.promise
  connect(mainnet)
  const pending = requestSignIn()
  connect(mainnet, OTHER_ADDRESS)
  answer.resolve([])
  assert.is(await pending, false)
  assert.is(modalState.open.value, false)
  assert.is(currentView.value, 'Connect')
})

test('the account disconnects while getSessions is pending: no sign view', async () => {
  const answer = deferred<SIWXSession[]>()
  siwx.getSessions = () => answer.promise
  connect(mainnet)
  const pending = requestSignIn()
  setAccount('eip155', { address: undefined, caipAddress: undefined, status: 'disconnected' })
  answer.resolve([])
  assert.is(await pending, false)
  assert.is(modalState.open.value, false)
})

test('with the watcher: switching to a signed-in account while the old one is checked leaves the modal closed', async () => {
  const slow = deferred<SIWXSession[]>()
  siwx.sessions.set(`eip155:1:${OTHER_ADDRESS}`, [sessionFor('eip155:1', OTHER_ADDRESS)])
  const original = siwx.getSessions.bind(siwx)
  siwx.getSessions = (chainId, address) => (address === ADDRESS ? slow.promise : original(chainId, address))
  connect(mainnet)
  watchSignIn()
  connect(mainnet, OTHER_ADDRESS)
  await flush()
  slow.resolve([])
  await flush()
  assert.is(modalState.open.value, false, 'no view for the account that left')
})

// ── required sign-in and the close guard ────────────────────────────────────────────────────

test('getRequired throwing counts as not required (logged): the sign view can be closed', async () => {
  siwx.getRequired = () => {
    throw new Error('flag service down')
  }
  assert.is(isSignInRequired(), false)
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  assert.is(closeModal(), true)
  assert.is(modalState.open.value, false)
  assert.ok(logged('[SigKit] siwx.getRequired failed').length >= 1)
})

test('getRequired returning a truthy non-boolean is not required', () => {
  siwx.getRequired = () => 'yes' as unknown as boolean
  assert.is(isSignInRequired(), false)
  siwx.getRequired = () => true
  assert.is(isSignInRequired(), true)
})

test('required sign-in awaiting a signature: closeModal() is refused, the modal stays open on SIWXSignMessage', async () => {
  siwx.required = true
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  assert.is(closeModal(), false)
  assert.is(modalState.open.value, true)
  assert.is(modalState.shake.value, true, 'it shakes instead')
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('required sign-in: closing works from another view, and once the request ended', async () => {
  siwx.required = true
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  pushView('Account')
  assert.is(closeModal(), true, 'another view closes')

  assert.is(await requestSignIn(), true)
  assert.is(closeModal(), false)
  endSignInRequest()
  assert.is(closeModal(), true, 'signed in (or cancelled): the sign view closes too')
})

test('optional sign-in: the sign view closes', async () => {
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  assert.is(closeModal(), true)
  assert.is(modalState.open.value, false)
})

test('the required flag is read when closing: turning it on later guards the pending sign-in', async () => {
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  siwx.required = true
  assert.is(closeModal(), false)
  siwx.required = false
  assert.is(closeModal(), true)
})

test('asking twice installs one guard: after endSignInRequest a single close works', async () => {
  siwx.required = true
  connect(mainnet)
  assert.is(await requestSignIn(), true)
  resetView('Connect')
  assert.is(await requestSignIn(), true)
  endSignInRequest()
  assert.is(closeModal(), true)
})

// ── watchSignIn ─────────────────────────────────────────────────────────────────────────────

test('watchSignIn checks the account connected when it starts (restore)', async () => {
  connect(mainnet)
  watchSignIn()
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`])
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('watchSignIn: a new account is checked', async () => {
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  watchSignIn()
  connect(mainnet)
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`])
  assert.is(modalState.open.value, false, 'signed in already')

  setAccount('eip155', { address: OTHER_ADDRESS, caipAddress: `eip155:1:${OTHER_ADDRESS}` })
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`, `eip155:1:${OTHER_ADDRESS}`])
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('watchSignIn: a network switch is checked for the new network', async () => {
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  connect(mainnet)
  watchSignIn()
  await flush()
  assert.is(modalState.open.value, false)

  switchTo(base)
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`, `eip155:8453:${ADDRESS}`])
  assert.is(currentView.value, 'SIWXSignMessage')
  assert.is(modalState.open.value, true)
})

test('watchSignIn: moving to another connected namespace with setActiveCaipNetwork is checked there', async () => {
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  connect(solana)
  connect(mainnet)
  watchSignIn()
  await flush()
  assert.is(modalState.open.value, false)

  setActiveCaipNetwork(solana)
  await flush()
  assert.equal(siwx.calls.getSessions.at(-1), `${solana.caipNetworkId}:${SOLANA_ADDRESS}`)
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('watchSignIn: switching to an unsupported network asks nothing', async () => {
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  connect(mainnet)
  watchSignIn()
  await flush()
  switchTo(createUnknownNetwork('eip155:999'))
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`])
  assert.is(modalState.open.value, false)
})

test('watchSignIn: disconnecting (address cleared) asks nothing, and a required sign view may close then', async () => {
  siwx.required = true
  connect(mainnet)
  watchSignIn()
  await flush()
  assert.is(currentView.value, 'SIWXSignMessage')
  assert.is(closeModal(), false)

  setAccount('eip155', { address: undefined, caipAddress: undefined, status: 'disconnected' })
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`], 'no check for the empty account')
  assert.is(closeModal(), true, 'nothing awaits sign-in any more')
})

test('watchSignIn starts once, and not at all without siwx', async () => {
  connect(mainnet)
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  watchSignIn()
  watchSignIn()
  await flush()
  connect(mainnet, OTHER_ADDRESS)
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`, `eip155:1:${OTHER_ADDRESS}`], 'one check per change')

  await resetAllState()
  siwx = fakeSIWX()
  init({})
  watchSignIn()
  connect(mainnet)
  await flush()
  assert.is(modalState.open.value, false)
  // The config arriving later (a second createAppKit) is watched then.
  init({ siwx })
  watchSignIn()
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`])
})

// ── routeToSignIn ───────────────────────────────────────────────────────────────────────────

test('routeToSignIn closes the modal when the account has a session and the view did not change', async () => {
  connect(mainnet)
  siwx.sessions.set(`eip155:1:${ADDRESS}`, [sessionFor('eip155:1', ADDRESS)])
  await openModal({ view: 'ConnectingExternal' })
  await routeToSignIn()
  assert.is(modalState.open.value, false)
})

test('routeToSignIn keeps the modal open on the sign view when it opened', async () => {
  connect(mainnet)
  await openModal({ view: 'ConnectingExternal' })
  await routeToSignIn()
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'SIWXSignMessage')
})

test('routeToSignIn leaves the modal open when the visitor went to another view meanwhile', async () => {
  const answer = deferred<SIWXSession[]>()
  siwx.getSessions = () => answer.promise
  connect(mainnet)
  await openModal({ view: 'ConnectingExternal' })
  const routing = routeToSignIn()
  pushView('SwitchNetwork')
  answer.resolve([sessionFor('eip155:1', ADDRESS)])
  await routing
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'SwitchNetwork')
})

test('routeToSignIn on an unsupported network closes the modal, as no sign-in is asked', async () => {
  connect(optimism)
  await openModal({ view: 'ConnectingExternal' })
  await routeToSignIn()
  assert.equal(siwx.calls.getSessions, [])
  assert.is(modalState.open.value, false)
})

// ── signOutOnDisconnect ─────────────────────────────────────────────────────────────────────

test('signOutOnDisconnect revokes the address on every requested network of the namespace when asked to', async () => {
  siwx.signOutOnDisconnect = true
  connect(mainnet)
  connect(solana)
  await signOutOnDisconnect('eip155')
  assert.equal(
    siwx.calls.revokeSession.sort(),
    [`eip155:1:${ADDRESS}`, `eip155:8453:${ADDRESS}`],
    'mainnet and base, not Solana',
  )
  await signOutOnDisconnect('solana')
  assert.ok(siwx.calls.revokeSession.includes(`${solana.caipNetworkId}:${SOLANA_ADDRESS}`))
  assert.equal(errors, [])
})

test('signOutOnDisconnect revokes nothing unless the config says signOutOnDisconnect: true', async () => {
  connect(mainnet)
  siwx.signOutOnDisconnect = false
  await signOutOnDisconnect('eip155')
  delete siwx.signOutOnDisconnect
  await signOutOnDisconnect('eip155')
  assert.equal(siwx.calls.revokeSession, [])
})

test('signOutOnDisconnect revokes nothing without siwx or without an address', async () => {
  siwx.signOutOnDisconnect = true
  await signOutOnDisconnect('eip155')
  assert.equal(siwx.calls.revokeSession, [], 'no address')
  await resetAllState()
  init({})
  connect(mainnet)
  await signOutOnDisconnect('eip155')
  assert.equal(siwx.calls.revokeSession, [], 'no siwx')
})

test('a revokeSession that throws or rejects is logged, never thrown', async () => {
  siwx.signOutOnDisconnect = true
  connect(mainnet)
  siwx.revokeSession = (chainId) => {
    if (chainId === 'eip155:1') throw new Error('sync failure')
    return Promise.reject(new Error('async failure'))
  }
  await signOutOnDisconnect('eip155')
  const failures = logged('[SigKit] siwx.revokeSession failed')
    .map((args) => (args[1] as Error).message)
    .sort()
  assert.equal(failures, ['async failure', 'sync failure'])
})

test('signOutOnDisconnect with two requested networks where one fails still revokes the other', async () => {
  siwx.signOutOnDisconnect = true
  connect(mainnet)
  const revoked: string[] = []
  siwx.revokeSession = async (chainId) => {
    if (chainId === 'eip155:1') throw new Error('down')
    revoked.push(chainId)
  }
  await signOutOnDisconnect('eip155')
  assert.equal(revoked, ['eip155:8453'])
  assert.is(logged('[SigKit] siwx.revokeSession failed').length, 1)
})

// ── found by these tests, fixed since ───────────────────────────────────────────────────────────

test('a wallet switch to an account that has a session closes the sign view shown for the previous account', async () => {
  siwx.required = true
  siwx.sessions.set(`eip155:1:${OTHER_ADDRESS}`, [sessionFor('eip155:1', OTHER_ADDRESS)])
  connect(mainnet)
  watchSignIn()
  await flush()
  assert.is(currentView.value, 'SIWXSignMessage')
  connect(mainnet, OTHER_ADDRESS)
  await flush()
  assert.equal(siwx.calls.getSessions, [`eip155:1:${ADDRESS}`, `eip155:1:${OTHER_ADDRESS}`])
  // Left open, it would ask the signed-in account to sign again, and its Cancel (required
  // sign-in) would disconnect an account that has a session.
  assert.not.ok(
    modalState.open.value && currentView.value === 'SIWXSignMessage',
    'no sign view for a signed-in account',
  )
})

/** Collects unhandled rejections while `run` runs (and a few ticks after). */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    await run()
    await flush(10)
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
  return unhandled
}

test('when the modal fails to render, requestSignIn rejects once: its cleanup adds no unhandled rejection', async () => {
  setModalRenderer(async () => {
    throw new Error('chunk failed to load')
  })
  connect(mainnet)
  const unhandled = await unhandledDuring(async () => {
    const error = await requestSignIn().then(
      () => undefined,
      (reason: unknown) => reason,
    )
    assert.is((error as Error | undefined)?.message, 'chunk failed to load', 'the caller gets the failure')
  })
  assert.equal(unhandled.map(String), [], 'the caller handled it: nothing else may be left unhandled')
})

test('when the modal fails to render, the watcher logs the failure instead of leaving it unhandled', async () => {
  setModalRenderer(async () => {
    throw new Error('chunk failed to load')
  })
  const unhandled = await unhandledDuring(async () => {
    connect(mainnet)
    watchSignIn()
  })
  assert.equal(unhandled.map(String), [], 'logged, not left unhandled')
})

test.run()
