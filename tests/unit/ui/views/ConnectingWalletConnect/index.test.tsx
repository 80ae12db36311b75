// ConnectingWalletConnect's failures: WalletConnect that could not start, a relay that does not
// answer, and the wallet's own answers each say what happened, and Try again starts cleanly.
import {
  button,
  findButton,
  installModal,
  modalShadow,
  openAt,
  setNetworks,
  settle,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../../src/ui/signals-binding'
import { createManualClock, setClock } from '../../../../../src/lib/clock'
import { installFakeUniversalProvider } from '../../../../helpers/fake-universal-provider'
import { WALLETCONNECT_START_TIMEOUT_MS } from '../../../../../src/connectors/walletconnect/failure'
import { initCore } from '../../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../../src/core/config/options'
import { localhost } from '../../../../helpers/networks'
import { resetAllState } from '../../../helpers/reset'

const URI = 'wc:5e4d@2?relay-protocol=irn&symKey=ef56&expiryTimestamp=4102444800'
const wallet = installFakeUniversalProvider(URI)

test.before.each(() => {
  installModal()
  initCore(validateOptions({ projectId: 'test-project', networks: [localhost], features: { analytics: false } }))
  setNetworks()
})
test.after.each(async () => {
  // A pairing left waiting would be rejoined by the next test's view.
  wallet.walletRejects(new Error('the test ended'))
  await resetAllState()
})

function failure(): { heading: string; status: string } {
  const status = modalShadow().querySelector('[role="status"]')
  return {
    heading: status?.previousElementSibling?.textContent ?? '',
    status: status?.textContent ?? '',
  }
}

const qrShown = () => Boolean(modalShadow().querySelector('[role="img"][aria-label^="QR code"]'))

test('a start that fails says WalletConnect did not start, and Try again starts a fresh one', async () => {
  const warnings: string[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
  try {
    wallet.failNextInit(new Error('IndexedDB is not available'))
    await openAt('ConnectingWalletConnect')
    await waitFor(() => failure().heading === "Couldn't start WalletConnect")
    assert.is(failure().status, 'WalletConnect did not start: IndexedDB is not available')
    const scope = globalThis as Record<string, unknown>
    assert.is(scope['_walletConnectCore_'], undefined, 'the failed Core is not left for the next one to copy')
    assert.is(scope['_walletConnectCore__count'], undefined)
    assert.is(wallet.failedCoreSocketsClosed(), 1, "the failed Core's relay socket is closed")

    button('Try again').click()
    await waitFor(qrShown)
    assert.is(wallet.inits(), 2, 'a new provider was made')
    assert.equal(
      warnings.filter((text) => /already initialized/.test(text)),
      [],
    )
  } finally {
    console.warn = warn
  }
})

test('a relay that does not answer is said after the start timeout; Try again shows the code once it answers', async () => {
  const manual = createManualClock()
  const restore = setClock(manual)
  try {
    wallet.setRelayReachable(false)
    await openAt('ConnectingWalletConnect')
    await waitFor(() => (modalShadow().textContent ?? '').includes('Preparing the connection'))
    manual.advance(WALLETCONNECT_START_TIMEOUT_MS - 1)
    await settle()
    assert.ok((modalShadow().textContent ?? '').includes('Preparing the connection'), 'still waiting just before')
    manual.advance(1)
    await waitFor(() => failure().heading === "Couldn't reach WalletConnect")
    assert.is(failure().status, "WalletConnect's relay did not answer. Check your connection and try again.")

    wallet.setRelayReachable(true)
    const pairingsBefore = wallet.pairings()
    button('Try again').click()
    await waitFor(qrShown)
    assert.is(wallet.pairings(), pairingsBefore + 1, 'a new pairing, not the one that never showed a code')
  } finally {
    restore()
  }
})

test("the wallet's answers: declined, unsupported networks, an expired code", async () => {
  const answers: [unknown, string, string][] = [
    [{ code: 5000, message: 'User rejected.' }, 'Connection declined', 'The wallet declined the request.'],
    [
      { code: 5100, message: 'Unsupported chains.' },
      'Connection declined',
      "The wallet does not support this app's networks.",
    ],
    [new Error('Proposal expired'), 'Code expired', 'The connection code expired. Try again for a new one.'],
    [new Error('socket hang up'), 'Connection failed', 'The connection failed: socket hang up'],
  ]
  await openAt('ConnectingWalletConnect')
  for (const [error, heading, status] of answers) {
    await waitFor(qrShown)
    wallet.walletRejects(error)
    await waitFor(() => failure().heading === heading)
    assert.is(failure().status, status)
    button('Try again').click()
  }
  await waitFor(qrShown)
  assert.is(findButton('Try again'), undefined)
})

test.run()
