import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { inAppBrowserLink, walletLink } from '../../../../src/connectors/walletconnect/links'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab12&expiryTimestamp=1700000300'

test('wallet links carry the encoded pairing URI: custom schemes get ://wc?uri=, web links /wc?uri=', () => {
  assert.is(walletLink('rainbow://', uri), `rainbow://wc?uri=${encodeURIComponent(uri)}`)
  assert.is(walletLink('rainbow', uri), `rainbow://wc?uri=${encodeURIComponent(uri)}`)
  assert.is(
    walletLink('https://link.wallet.example/', uri),
    `https://link.wallet.example/wc?uri=${encodeURIComponent(uri)}`,
  )
  assert.ok(!walletLink('rainbow://', uri)?.includes('&symKey'), 'the URI is encoded, not split into the link query')
})

test('a link whose scheme runs code or reads local content gives no link at all', () => {
  for (const link of [
    'javascript:',
    'javascript',
    'JavaScript://',
    ' java\tscript:',
    'data:',
    'vbscript',
    'file://',
    'blob:',
  ])
    assert.is(walletLink(link, uri), undefined, JSON.stringify(link))
})

test('inside Telegram on Android the URI is encoded twice, as Telegram decodes links once', () => {
  const link = walletLink('rainbow://', uri, { telegramAndroid: true })
  assert.is(link, `rainbow://wc?uri=${encodeURIComponent(encodeURIComponent(uri))}`)
  assert.is(decodeURIComponent((link ?? '').slice('rainbow://wc?uri='.length)), `${encodeURIComponent(uri)}`)
})

test('Phantom, Solflare and Coinbase Wallet reopen the page in their own browser; other wallets do not', () => {
  const page = 'https://dapp.example/swap?x=1'
  assert.is(
    inAppBrowserLink({ rdns: 'app.phantom' }, page),
    `https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent('https://dapp.example')}`,
  )
  assert.ok(inAppBrowserLink({ rdns: 'com.solflare' }, page)?.startsWith('https://solflare.com/ul/v1/browse/'))
  assert.is(
    inAppBrowserLink({ rdns: 'com.coinbase.wallet' }, page),
    `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`,
  )
  assert.is(inAppBrowserLink({ rdns: 'io.metamask' }, page), undefined)
  assert.is(inAppBrowserLink({ rdns: null }, page), undefined)
})

test.run()
