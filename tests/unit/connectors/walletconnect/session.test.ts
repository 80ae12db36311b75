import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  accountsByNamespace,
  approvedNetworksByNamespace,
  pairingExpiry,
} from '../../../../src/connectors/walletconnect/session'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab12&expiryTimestamp=1700000300'

test('a pairing expires at its expiryTimestamp, or five minutes on', () => {
  assert.is(pairingExpiry(uri, 0), 1_700_000_300_000)
  assert.is(pairingExpiry('wc:7f6e@2?relay-protocol=irn', 1000), 1000 + 300_000)
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

test("the session's approved networks per namespace: its chains and its accounts' chains, CAIP-2 only", () => {
  const approved = approvedNetworksByNamespace({
    topic: 't',
    namespaces: {
      eip155: { chains: ['eip155:31337', 'eip155:31338', 'eip155:', 'solana:x'], accounts: ['eip155:10:0xAbc'] },
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { accounts: [] },
      unknown: { chains: ['unknown:1'] },
    },
  })
  assert.equal(approved.get('eip155'), ['eip155:31337', 'eip155:31338', 'eip155:10'])
  assert.equal(approved.get('solana'), ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], 'a namespace key that is a chain')
  assert.is(approved.size, 2)
})

test.run()
