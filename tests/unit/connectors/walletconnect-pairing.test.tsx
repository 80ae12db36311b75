import '../helpers/dom'
import { settle } from '../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { defineAppKitButton } from '../../../src/ui/button/element'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../src/core/state/adapters'
import { validateOptions } from '../../../src/core/config/options'
import { closeModal, openModal } from '../../../src/core/modal/modal'
import { connectionState } from '../../../src/core/state/connection'
import { setConnectedConnectorId } from '../../../src/core/lib/storage'
import { createManualClock, setClock } from '../../../src/core/lib/clock'
import { connectWalletConnect } from '../../../src/connectors/walletconnect'
import { reconnect } from '../../../src/core/wallet/connect'
import { resetCore, validInput } from '../core/helpers/fixtures'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A universal provider whose pairing waits until the test plays the wallet and approves it. */
function fakeProvider() {
  const listeners = new Map<string, (...args: any[]) => void>()
  let approve: (session: unknown) => void = () => undefined
  const provider = {
    session: undefined as unknown,
    on: (event: string, listener: (...args: any[]) => void) => listeners.set(event, listener),
    removeListener: () => undefined,
    disconnect: async () => undefined,
    request: async () => undefined,
    connect: () => {
      listeners.get('display_uri')?.('wc:7f6e@2?relay-protocol=irn&symKey=ab12')
      return new Promise((resolve) => {
        approve = resolve
      })
    },
  }
  const walletApproves = () => {
    provider.session = {
      topic: 't',
      namespaces: { eip155: { accounts: [`eip155:1:${ADDRESS}`] } },
      peer: { metadata: { name: 'Test Wallet' } },
    }
    approve(provider.session)
  }
  return { provider, walletApproves }
}

const pairing = fakeProvider()
;(UniversalProvider as unknown as { init: () => Promise<unknown> }).init = async () => pairing.provider

defineAppKitButton()

/** Just enough of an EVM adapter for the balance the connected button shows. */
const adapter = {
  namespace: 'eip155',
  getNativeBalance: async () => ({ value: '1', symbol: 'ETH' }),
  getTokenBalances: async () => [],
  watch: () => () => undefined,
} as unknown as ChainAdapter

test.before.each(() => {
  resetCore()
  localStorage.clear()
  initCore(validateOptions(validInput()))
  registerAdapter('eip155', async () => ({ createAdapter: () => adapter }))
})
test.after.each(async () => {
  document.body.replaceChildren()
  await settle()
})

async function mountButton(): Promise<HTMLButtonElement> {
  const host = document.createElement('appkit-button')
  document.body.append(host)
  await settle()
  const button = host.shadowRoot?.querySelector('button')
  if (!button) throw new Error('button not rendered')
  return button
}

test('closing the modal while only a pairing waits frees the button; a later approval still connects', async () => {
  const button = await mountButton()
  await openModal()
  const connecting = connectWalletConnect()
  await settle()
  assert.is(connectionState.wcUri.value, 'wc:7f6e@2?relay-protocol=irn&symKey=ab12', 'the QR code is up')
  assert.is(button.textContent, 'Connecting...')

  closeModal()
  await settle()
  assert.is(button.textContent, 'Connect Wallet')
  assert.is(button.getAttribute('aria-busy'), null, 'not busy once the modal is closed')
  assert.is(connectionState.status.value, 'disconnected')

  // The visitor had scanned the code; the wallet approves after the modal was closed.
  pairing.walletApproves()
  await connecting
  await settle()
  assert.is(connectionState.status.value, 'connected')
  assert.match(button.textContent ?? '', '0xf39F…2266')
})

test('closing the modal does not cut short a session restore in progress', async () => {
  const manual = createManualClock()
  const restoreClock = setClock(manual)
  // A stored wallet that has not announced itself yet: the restore waits for it.
  setConnectedConnectorId('solana', 'com.example.late-wallet')
  const button = await mountButton()
  const restoring = reconnect()
  await openModal()
  void connectWalletConnect().catch(() => undefined)
  await settle()
  closeModal()
  await settle()
  assert.is(connectionState.status.value, 'connecting', 'the restore is still running')
  assert.is(button.getAttribute('aria-busy'), 'true')
  manual.advance(1500)
  await restoring
  restoreClock()
})

test.run()
