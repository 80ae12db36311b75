import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { inAppBrowserLink, walletLink } from '../../../../src/connectors/walletconnect/links'
import { buildNamespaces } from '../../../../src/connectors/walletconnect/namespaces'
import { accountsByNamespace, pairingExpiry } from '../../../../src/connectors/walletconnect/session'
import { base, mainnet, solana } from '../../helpers/fixtures'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab12&expiryTimestamp=1700000300'

test('wallet links carry the encoded pairing URI: custom schemes get ://wc?uri=, web links /wc?uri=', () => {
  assert.is(walletLink('rainbow://', uri), `rainbow://wc?uri=${encodeURIComponent(uri)}`)
  assert.is(walletLink('rainbow', uri), `rainbow://wc?uri=${encodeURIComponent(uri)}`)
  assert.is(
    walletLink('https://link.wallet.example/', uri),
    `https://link.wallet.example/wc?uri=${encodeURIComponent(uri)}`,
  )
  assert.ok(!walletLink('rainbow://', uri).includes('&symKey'), 'the URI is encoded, not split into the link query')
})

test('inside Telegram on Android the URI is encoded twice, as Telegram decodes links once', () => {
  const link = walletLink('rainbow://', uri, { telegramAndroid: true })
  assert.is(link, `rainbow://wc?uri=${encodeURIComponent(encodeURIComponent(uri))}`)
  assert.is(decodeURIComponent(link.slice('rainbow://wc?uri='.length)), `${encodeURIComponent(uri)}`)
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

test('a pairing expires at its expiryTimestamp, or five minutes on', () => {
  assert.is(pairingExpiry(uri, 0), 1_700_000_300_000)
  assert.is(pairingExpiry('wc:7f6e@2?relay-protocol=irn', 1000), 1000 + 300_000)
})

test('the proposal asks for each configured namespace, its chains and an RPC per EVM chain', () => {
  const namespaces = buildNamespaces([mainnet, base, solana], (network) => network.rpcUrls.default.http[0])
  assert.equal(Object.keys(namespaces), ['eip155', 'solana'])
  assert.equal(namespaces['eip155']?.chains, ['eip155:1', 'eip155:8453'])
  assert.equal(namespaces['eip155']?.rpcMap, { 1: 'https://eth.example.org', 8453: 'https://base.example.org' })
  assert.ok(namespaces['eip155']?.methods.includes('personal_sign'))
  assert.ok(namespaces['eip155']?.methods.includes('wallet_switchEthereumChain'))
  assert.ok(namespaces['solana']?.methods.includes('solana_signMessage'))
})

test('session accounts are grouped by namespace on the first chain; malformed ones are skipped', () => {
  const accounts = accountsByNamespace({
    topic: 't',
    namespaces: {
      eip155: { accounts: ['eip155:31337:0xAbc', 'eip155:31338:0xAbc', 'eip155:31337:0xDef', 'bad', 'eip155::0x1'] },
      bip122: { accounts: ['bip122:000000000019d6689c085ae165831e93:bc1qxyz'] },
      solana: { accounts: ['eip155:1:0xnot-solana'] },
      unknown: { accounts: ['unknown:1:x'] },
    },
  })
  assert.equal(accounts.get('eip155'), { accounts: ['0xAbc', '0xDef'], chainId: '31337' })
  assert.equal(accounts.get('bip122'), { accounts: ['bc1qxyz'], chainId: '000000000019d6689c085ae165831e93' })
  assert.is(accounts.has('solana'), false, 'an account filed under the wrong namespace is ignored')
  assert.is(accounts.size, 2)
})

test.run()
