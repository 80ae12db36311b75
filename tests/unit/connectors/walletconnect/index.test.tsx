import '../../helpers/dom'
import { settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { defineAppKitButton } from '../../../../src/ui/button/element'
import { initCore, registerAdapter } from '../../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { validateOptions } from '../../../../src/core/config/options'
import { closeModal, openModal } from '../../../../src/core/modal/modal'
import { connectionState } from '../../../../src/core/state/connection'
import { setConnectedConnectorId } from '../../../../src/core/lib/storage'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import { walletConnectConnector } from '../../../../src/connectors/walletconnect'
import { connect, reconnect } from '../../../../src/core/wallet/connect'
import type { WalletListing } from '../../../../src/core/types'

/** Connects through WalletConnect as its view does (core's connect with the connector). */
const connectWalletConnect = (wallet?: WalletListing) => connect(walletConnectConnector, wallet ? { wallet } : {})
import { validInput } from '../../helpers/fixtures'
import { installFakeUniversalProvider } from '../../../helpers/fake-universal-provider'
import { resetAllState } from '../../helpers/reset'

// The universal provider: its pairing waits until the test plays the wallet and approves it.
const pairing = installFakeUniversalProvider('wc:7f6e@2?relay-protocol=irn&symKey=ab12')

defineAppKitButton()

/** Just enough of an EVM adapter for the balance the connected button shows. */
const adapter = {
  namespace: 'eip155',
  getNativeBalance: async () => ({ value: '1', symbol: 'ETH' }),
  getTokenBalances: async () => [],
  watch: () => () => undefined,
} as unknown as ChainAdapter

test.before.each(async () => {
  await resetAllState()
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
  assert.is(connectionState.status.value, 'reconnecting', 'the restore is still running')
  assert.is(button.getAttribute('aria-busy'), 'true')
  manual.advance(1500)
  await restoring
  restoreClock()
})

test.run()
