// The emulator's 'hostile' fault mode against SigKit's real API clients: a route answers its real
// answer (computed from the chains) with markup, bidi, zero-width and 10 KB names, refused link
// schemes, odd picture URLs and wrong-typed list items; the clients keep every real item, show its
// text clean, open no refused link, and refuse what cannot be used with InvalidResponseError.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { REFUSED_LINKS } from '../../../demo/sandbox/hostile.mjs'
import { createWalletApi } from '../../../src/api/wallet-api'
import { createBlockchainApi } from '../../../src/api/blockchain-api'
import { createOnrampApi } from '../../../src/api/onramp-api'
import { createConvertApi } from '../../../src/api/convert-api'
import { InvalidResponseError } from '../../../src/api/errors'
import { fetchJson, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox

// Independent of src/lib: what no shown text may hold, and the schemes no link may have.
const HIDDEN =
  /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C\uFEFF\u2060-\u2064\u00AD\u0000-\u001F]|[\u{E0000}-\u{E007F}]/u
const assertClean = (text: string, max: number, what: string) => {
  assert.not.ok(HIDDEN.test(text), `${what}: ${JSON.stringify(text.slice(0, 60))}`)
  assert.ok([...text].length <= max, `${what} is at most ${max} characters`)
}
const refused = (link: string) =>
  /^(javascript|data|vbscript|file|blob):$/.test(new URL(link).protocol.slice(0, -1) + ':')

test.before(async () => {
  sandbox = await startSandbox()
})
test.after(() => sandbox?.stop())
test.before.each(() => sandbox.faults.clear())

test("POST /__sandbox/faults {mode: 'hostile'} turns a route's real answer hostile", async () => {
  const url = `${sandbox.apiUrl}/getWallets?page=1&entries=5&projectId=p`
  const real = (await fetchJson(url)).body
  const set = await postJson(`${sandbox.apiUrl}/__sandbox/faults`, { route: 'wallets', mode: 'hostile' })
  assert.is(set.status, 200)
  const { body } = await fetchJson(url)
  assert.is(body.count, real.count, 'the numbers are the real ones')
  const records = body.data.filter((item: unknown) => typeof item === 'object' && item !== null)
  const names = records.map((item: { name: unknown }) => item.name)
  assert.ok(
    names.some((name: unknown) => typeof name === 'string' && name.includes('<script>')),
    'markup',
  )
  assert.ok(
    names.some((name: unknown) => typeof name === 'string' && HIDDEN.test(name)),
    'bidi or zero-width',
  )
  const links = records.flatMap((item: Record<string, unknown>) => [item['mobile_link'], item['webapp_link']])
  assert.ok(
    links.some((link: unknown) => REFUSED_LINKS.includes(link as string)),
    'refused link schemes',
  )
  assert.ok(body.data.length > real.data.length, 'wrong-typed copies of the items are added')
})

test('the wallet list: every real wallet is kept with a clean name and no refused link', async () => {
  const api = createWalletApi({ baseUrl: sandbox.apiUrl, projectId: 'p' })
  const real = await api.getWallets({ page: 1, entries: 8 })
  sandbox.faults.set({ route: 'wallets', mode: 'hostile' })
  const hostile = await api.getWallets({ page: 1, entries: 8 })
  assert.equal(
    [...new Set(hostile.data.map((wallet) => wallet.id))],
    real.data.map((wallet) => wallet.id),
    'the same wallets, in order',
  )
  for (const wallet of hostile.data) {
    assertClean(wallet.name, 64, 'wallet name')
    for (const link of [wallet.mobile_link, wallet.desktop_link, wallet.webapp_link])
      if (link) assert.not.ok(refused(link), link)
  }
  const zeroWidth = hostile.data[2]
  assert.is(zeroWidth?.name, real.data[2]?.name, 'a zero-width-split name reads as the real one once cleaned')
})

test('balances: the real lines, with clean names and symbols and no odd icon', async () => {
  const api = createBlockchainApi({ baseUrl: sandbox.apiUrl, projectId: 'p' })
  const query = { address: sandbox.accounts.wallet, caipNetworkId: 'eip155:31337' }
  const real = await api.getBalances(query)
  sandbox.faults.set({ route: 'balance', mode: 'hostile' })
  const hostile = await api.getBalances(query)
  assert.is(hostile.length, real.length, 'every real line kept, the wrong-typed copies dropped')
  for (const line of hostile) {
    assertClean(line.name, 64, 'token name')
    assertClean(line.symbol, 16, 'symbol')
    assert.ok(line.iconUrl === '' || /^https?:\/\/[^/]/.test(line.iconUrl), line.iconUrl.slice(0, 60))
  }
})

test('swap tokens and on-ramp options: clean texts; a hostile checkout URL is refused', async () => {
  sandbox.faults.set({ route: 'convertTokens', mode: 'hostile' })
  const convert = createConvertApi({ baseUrl: sandbox.apiUrl, projectId: 'p' })
  for (const token of await convert.getTokens('eip155:31337')) {
    assertClean(token.name, 64, 'token name')
    assertClean(token.symbol, 16, 'token symbol')
  }
  sandbox.faults.set({ route: 'onrampOptions', mode: 'hostile' })
  sandbox.faults.set({ route: 'onrampUrl', mode: 'hostile' })
  const onramp = createOnrampApi({ baseUrl: sandbox.apiUrl, projectId: 'p' })
  const options = await onramp.getOptions()
  assert.ok(options.purchaseCurrencies.length > 0)
  for (const currency of options.purchaseCurrencies) assertClean(currency.name, 64, 'currency name')
  const error = await onramp
    .generateUrl({
      destinationWallets: [{ address: sandbox.accounts.wallet, blockchains: ['sandbox-31338'], assets: ['USDC'] }],
      partnerUserId: sandbox.accounts.wallet,
    })
    .then(
      (url) => new Error(`opened ${url}`),
      (reason: unknown) => reason,
    )
  assert.instance(error, InvalidResponseError)
})

test('a picture route answers an SVG with a script (only ever loaded by an <img>)', async () => {
  const real = await fetchJson(`${sandbox.apiUrl}/getWallets?page=1&entries=1&projectId=p`)
  sandbox.faults.set({ route: 'walletImage', mode: 'hostile' })
  const response = await fetch(`${sandbox.apiUrl}/getWalletImage/${real.body.data[0].image_id}?projectId=p`)
  assert.is(response.status, 200)
  assert.is(response.headers.get('content-type'), 'image/svg+xml')
  assert.match(await response.text(), '<script>')
})

test.run()
