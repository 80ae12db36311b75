// ConnectingWalletConnectBasic (SPEC §2): what WalletConnect's entry opens in basic mode, the
// pairing for any WalletConnect wallet with the other wallets listed under it.
import { installModal, modalShadow, openAt, setNetworks, waitFor } from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../../src/ui/signals-binding'
import { installFakeUniversalProvider } from '../../../../helpers/fake-universal-provider'
import { walletConnectView } from '../../../../../src/connectors/walletconnect/view'
import { initCore } from '../../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../../src/core/config/options'
import { addConnectors } from '../../../../../src/core/state/connectors'
import { viewTitle } from '../../../../../src/ui/views/registry'
import { localhost } from '../../../../helpers/networks'
import { resetAllState } from '../../../helpers/reset'

const URI = 'wc:7a8b@2?relay-protocol=irn&symKey=ab12&expiryTimestamp=4102444800'
const wallet = installFakeUniversalProvider(URI)

test.before.each(() => {
  installModal()
  initCore(
    validateOptions({ projectId: 'test-project', networks: [localhost], basic: true, features: { analytics: false } }),
  )
  setNetworks()
})
test.after.each(async () => {
  wallet.walletRejects(new Error('the test ended'))
  await resetAllState()
})

test('basic mode sends the WalletConnect entry to the basic view; otherwise to ConnectingWalletConnect', () => {
  assert.is(walletConnectView({ basic: true }), 'ConnectingWalletConnectBasic')
  assert.is(walletConnectView({ basic: false }), 'ConnectingWalletConnect')
  assert.is(walletConnectView(undefined), 'ConnectingWalletConnect')
  assert.is(viewTitle('ConnectingWalletConnectBasic', undefined), 'WalletConnect')
})

test('the QR code of the pairing for any WalletConnect wallet, and the other wallets (not WalletConnect) under it', async () => {
  addConnectors([
    {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect',
      chains: ['eip155'],
      view: 'ConnectingWalletConnectBasic',
    },
    { id: 'io.test', name: 'Test Wallet', type: 'injected', chains: ['eip155'] },
  ])
  await openAt('ConnectingWalletConnectBasic')
  await waitFor(() =>
    Boolean(modalShadow().querySelector('[role="img"][aria-label="QR code to connect with a WalletConnect wallet"]')),
  )
  const others = modalShadow().querySelector('[aria-label="Other wallets"]')
  assert.ok(others, 'the other wallets are listed')
  const names = [...others!.querySelectorAll('button')].map((row) => row.querySelector('span:last-child')?.textContent)
  assert.equal(names, ['Test Wallet'])
})

test.run()
