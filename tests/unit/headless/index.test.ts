// The headless API against AppKit's documented shape (docs.reown.com "Headless"; AppKit 1.8.22's
// instance methods): the names a dapp written for AppKit calls, the fields it reads, and what they
// hold, over a real HTTP wallet API.
import '../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answerWalletList } from '../helpers/wallet-list'
import { createAppKit } from '../../../src/index'
import { addConnectors } from '../../../src/core/state/connectors'
import type { WalletListing } from '../../../src/core/types'
import { startServer, type TestServer } from '../helpers/server'
import { localhost } from '../../helpers/networks'
import { resetAllState } from '../helpers/reset'

const wallets: WalletListing[] = Array.from({ length: 90 }, (_, index) => ({
  id: `w${index}`,
  name: `Wallet ${index}`,
  image_id: `img-${index}`,
  rdns: `com.wallet${index}`,
  chains: [localhost.caipNetworkId],
  mobile_link: `wallet${index}://`,
  desktop_link: null,
  webapp_link: null,
}))

let server: TestServer
test.before(async () => {
  server = await startServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    answerWalletList(request, response, wallets)
  })
})
test.after(() => server.close())
test.before.each(async () => {
  await resetAllState()
  localStorage.clear()
})

function setup() {
  return createAppKit({
    projectId: 'test-project',
    networks: [localhost],
    endpoints: { walletApi: server.url },
    preloadOnIdle: false,
  })
}

test("the handle has AppKit 1.8.22's headless methods", () => {
  const appKit = setup()
  for (const name of [
    'fetchWallets',
    'getWalletList',
    'subscribeWalletList',
    'getWalletConnectUri',
    'subscribeWalletConnectUri',
    'prefetchWalletConnectUri',
    'connectWallet',
    'resetWalletConnectUri',
    'resetConnectingWallet',
  ] as const)
    assert.type(appKit[name], 'function', name)
  // Before the first headless call: empty, in the documented shape.
  assert.equal(appKit.getWalletList(), { wallets: [], wcWallets: [], page: 0, count: 0 })
  assert.equal(Object.keys(appKit.getWalletConnectUri()).sort(), [
    'wcError',
    'wcFetchingUri',
    'wcPairingExpiry',
    'wcUri',
  ])
})

test('fetchWallets pages the list; WalletItem has AppKit fields; an installed wallet comes first', async () => {
  const appKit = setup()
  // The extension announces its own name; the listing with its rdns calls it "Wallet 3".
  addConnectors([{ id: 'com.wallet3', rdns: 'com.wallet3', name: 'Rabbit', type: 'injected', chains: ['eip155'] }])
  const seen: number[] = []
  const stop = appKit.subscribeWalletList((list) => seen.push(list.wcWallets.length))
  await appKit.fetchWallets()
  let list = appKit.getWalletList()
  assert.is(list.page, 1)
  assert.is(list.count, 90)
  assert.is(list.wcWallets.length, 40)
  const [installed, next] = list.wcWallets
  assert.is(installed?.id, 'w3')
  assert.is(installed?.isInjected, true)
  assert.is(installed?.name, 'Rabbit', "an installed wallet goes by its own name, not the listing's")
  assert.equal(installed?.connectors, [{ id: 'com.wallet3', rdns: 'com.wallet3', chain: 'eip155' }])
  assert.equal(Object.keys(next!).sort(), [
    'connectors',
    'id',
    'imageUrl',
    'isInjected',
    'isRecent',
    'name',
    'walletInfo',
  ])
  assert.is(next?.walletInfo.deepLink, 'wallet0://')
  assert.ok(next?.imageUrl.includes('/getWalletImage/img-0'))

  await appKit.fetchWallets({ page: 3 })
  list = appKit.getWalletList()
  assert.is(list.page, 3)
  assert.is(list.wcWallets.length, 90)
  assert.ok(seen.includes(90), 'subscribers hear the new pages')
  stop()

  await appKit.fetchWallets({ search: 'Wallet 8' })
  assert.equal(
    appKit.getWalletList().wcWallets.map((wallet) => wallet.name),
    ['Wallet 8', ...wallets.filter((wallet) => /^Wallet 8\d$/.test(wallet.name)).map((wallet) => wallet.name)],
  )
})

test('fetchWallets refuses malformed options with a clear error', async () => {
  const appKit = setup()
  for (const [options, text] of [
    [{ page: 0 }, '`page` must be a whole number from 1'],
    [{ entries: 500 }, '`entries` must be a whole number from 1 to 100'],
    [{ badge: 'gold' }, "`badge` must be 'none' or 'certified'"],
    [{ include: 'w1' }, '`include` must be an array of wallet ids'],
  ] as const) {
    const error = await appKit.fetchWallets(options as never).catch((thrown: unknown) => thrown)
    assert.instance(error, TypeError)
    assert.ok(String((error as Error).message).includes(text), String(error))
  }
})

test('connectWallet refuses what is not a wallet item, and clears connectingWallet after', async () => {
  const appKit = setup()
  const error = await appKit.connectWallet({} as never).catch((thrown: unknown) => thrown)
  assert.instance(error, TypeError)
  appKit.resetConnectingWallet()
})

test.run()
