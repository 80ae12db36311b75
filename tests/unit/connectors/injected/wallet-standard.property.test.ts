// Wallet Standard wallets register from any script on the page: a Solana wallet that comes out has
// a name fit to show and an icon an <img> may load; anything malformed is ignored, never thrown on.
import { test } from 'uvu'
import fc from 'fast-check'
import * as assert from 'uvu/assert'
import { parseStandardWallet } from '../../../../src/connectors/injected/wallet-standard'
import { RUNS, assertShownText, hostileImageUrl, hostileText, isAllowedImage, wrongType } from '../../helpers/hostile'

const standardWallet = fc.record(
  {
    name: fc.oneof(hostileText, wrongType),
    icon: hostileImageUrl,
    chains: fc.oneof(
      fc.constant(['solana:mainnet']),
      fc.array(fc.oneof(hostileText, wrongType), { maxLength: 3 }),
      wrongType,
    ),
    accounts: fc.oneof(fc.constant([]), wrongType),
    features: fc.oneof(fc.constant({ 'standard:connect': { connect: async () => ({ accounts: [] }) } }), wrongType),
  },
  { requiredKeys: [] },
)

test('a Wallet Standard wallet that comes out is safe to list', () => {
  fc.assert(
    fc.property(fc.oneof(standardWallet, wrongType), (value) => {
      const wallet = parseStandardWallet(value)
      if (!wallet) return
      assertShownText(wallet.name, 64, 'the wallet name')
      assert.is(wallet.id, `wallet-standard:${wallet.name}`)
      if (wallet.imageUrl !== undefined) assert.ok(isAllowedImage(wallet.imageUrl))
    }),
    RUNS,
  )
})

test.run()
