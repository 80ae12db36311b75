// The phone's Connect list: which wallets it offers beside the installed ones, in which order, and
// that a listed wallet opens its deep link inside the tap once the pairing exists. The wallet API
// is a real local HTTP server answering with the sandbox emulator's own query function.
import '../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answerWalletList } from '../helpers/wallet-list'
import { createWalletApi } from '../../../src/api/wallet-api'
import { initCore } from '../../../src/core/config/appkit-state'
import { validateOptions } from '../../../src/core/config/options'
import { connectionSignals } from '../../../src/core/state/connection'
import { addConnectors } from '../../../src/core/state/connectors'
import { addRecentWallet } from '../../../src/core/lib/storage'
import type { WalletListing } from '../../../src/core/types'
import { fetchPhoneWallets, openOnPhone } from '../../../src/headless/phone-wallets'
import { sendJson, startServer, type TestServer } from '../helpers/server'
import { localhost } from '../../helpers/networks'
import { resetAllState } from '../helpers/reset'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const desktopAgent = navigator.userAgent

/** `count` wallets on the test chain, ranked in this order: "Wallet 0", "Wallet 1", … */
function makeWallets(count: number): WalletListing[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `w${index}`,
    name: `Wallet ${index}`,
    image_id: `img-${index}`,
    rdns: `com.wallet${index}`,
    chains: [localhost.caipNetworkId],
    mobile_link: `wallet${index}://`,
    desktop_link: null,
    webapp_link: null,
  }))
}

let server: TestServer
let failing = false
const wallets = makeWallets(30)

test.before(async () => {
  server = await startServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    if (failing) return sendJson(response, 500, { error: 'down' })
    answerWalletList(request, response, wallets)
  })
})
test.after(() => server.close())

test.before.each(async () => {
  await resetAllState()
  failing = false
  localStorage.clear()
  Object.defineProperty(navigator, 'userAgent', { value: IPHONE, configurable: true })
})
test.after.each(() => {
  Object.defineProperty(navigator, 'userAgent', { value: desktopAgent, configurable: true })
})

function setup(options: Record<string, unknown> = {}) {
  initCore(
    validateOptions({
      projectId: 'test-project',
      networks: [localhost],
      endpoints: { walletApi: server.url },
      ...options,
    }),
  )
  return createWalletApi({ baseUrl: server.url, projectId: 'test-project' })
}

const names = (list: { name: string; type: string }[]) => list.map(({ name, type }) => `${type}:${name}`)

test('recent, then featured in the dapp order, then 4 recommended; each listed once, with its logo', async () => {
  const api = setup({ featuredWalletIds: ['w7', 'w5'] })
  addRecentWallet(wallets[5]!)
  addRecentWallet(wallets[2]!)
  const listed = await fetchPhoneWallets(api)
  assert.equal(names(listed), [
    'recent:Wallet 2',
    'recent:Wallet 5',
    'featured:Wallet 7',
    'recommended:Wallet 0',
    'recommended:Wallet 1',
    'recommended:Wallet 3',
    'recommended:Wallet 4',
  ])
  const first = listed[0]!
  assert.is(first.view, 'ConnectingWalletConnect')
  assert.equal(first.viewData, { wallet: { ...wallets[2] } })
  assert.ok(first.imageUrl?.startsWith(`${server.url}/getWalletImage/img-2?`), first.imageUrl)
  assert.equal(first.chains, ['eip155'])
})

test('an installed wallet and an excluded one are not offered again', async () => {
  const api = setup({ excludeWalletIds: ['w1'] })
  addConnectors([{ id: 'com.wallet0', rdns: 'com.wallet0', name: 'Wallet 0', type: 'injected', chains: ['eip155'] }])
  const listed = await fetchPhoneWallets(api)
  assert.equal(names(listed), [
    'recommended:Wallet 2',
    'recommended:Wallet 3',
    'recommended:Wallet 4',
    'recommended:Wallet 5',
  ])
})

test('the wallet API down: the recent wallets are still offered, nothing throws', async () => {
  const api = setup()
  addRecentWallet(wallets[9]!)
  failing = true
  assert.equal(names(await fetchPhoneWallets(api)), ['recent:Wallet 9'])
})

test('a listed wallet opens its deep link with the pairing URI inside the tap, and only once it exists', async () => {
  const api = setup()
  const [wallet] = await fetchPhoneWallets(api)
  const opened: string[] = []
  const open = window.open
  window.open = ((href: string) => void opened.push(href)) as unknown as typeof window.open
  try {
    assert.is(wallet!.open!(), false, 'no pairing yet: the view opened next offers the link')
    assert.equal(opened, [])
    const uri = 'wc:ab12@2?relay-protocol=irn&symKey=cd34&expiryTimestamp=4102444800'
    connectionSignals.wcUri.value = uri
    connectionSignals.wcPairingExpiry.value = Date.now() + 60_000
    assert.is(wallet!.open!(), true)
    assert.equal(opened, [`wallet0://wc?uri=${encodeURIComponent(uri)}`])
    assert.is(connectionSignals.wcLinking.value?.name, 'Wallet 0')
  } finally {
    window.open = open
    connectionSignals.wcUri.value = undefined
  }
})

test.run()
