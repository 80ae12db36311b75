// A WalletConnect session comes from the wallet through the relay: whatever its namespaces and
// peer metadata hold, reading it never throws, yields CAIP-10 addresses only, and names the wallet
// with a clean text and an icon an <img> may load.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import {
  accountsByNamespace,
  approvedNetworksByNamespace,
  sessionWallet,
  type SessionLike,
} from '../../../../src/connectors/walletconnect/session'
import { RUNS, assertShownText, hostileImageUrl, hostileText, isAllowedImage, wrongType } from '../../helpers/hostile'

const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const account = fc.oneof(
  fc.constant(`eip155:1:${EOA}`),
  hostileText.map((text) => `eip155:1:${text}`),
  hostileText,
  wrongType,
)
const namespaceValue = fc.oneof(
  fc.record(
    {
      accounts: fc.oneof(fc.array(account, { maxLength: 4 }), wrongType),
      chains: fc.oneof(fc.array(fc.oneof(hostileText, wrongType)), wrongType),
    },
    { requiredKeys: [] },
  ),
  wrongType,
)
const hostileSession = fc.record({
  topic: fc.string(),
  namespaces: fc.oneof(fc.dictionary(fc.constantFrom('eip155', 'solana', 'eip155:1', 'x'), namespaceValue), wrongType),
  peer: fc.oneof(
    fc.record({
      metadata: fc.oneof(
        fc.record(
          {
            name: fc.oneof(hostileText, wrongType),
            icons: fc.oneof(fc.array(hostileImageUrl, { maxLength: 2 }), wrongType),
          },
          { requiredKeys: [] },
        ),
        wrongType,
      ),
    }),
    wrongType,
  ),
})

test('any session is read without an exception; accounts are CAIP-10 addresses', () => {
  fc.assert(
    fc.property(hostileSession, (value) => {
      const session = value as unknown as SessionLike
      for (const [, { accounts, chainId }] of accountsByNamespace(session)) {
        assert.match(chainId, /^[-_a-zA-Z0-9]{1,32}$/)
        for (const address of accounts) assert.match(address, /^[-.%a-zA-Z0-9]{1,128}$/)
      }
      approvedNetworksByNamespace(session)
    }),
    RUNS,
  )
})

test('the wallet the session names has a clean name and a safe icon', () => {
  fc.assert(
    fc.property(hostileSession, (value) => {
      const wallet = sessionWallet(value as unknown as SessionLike)
      assertShownText(wallet.name, 64, 'the wallet name')
      assert.ok(wallet.name !== '')
      if (wallet.icon !== undefined) assert.ok(isAllowedImage(wallet.icon))
    }),
    RUNS,
  )
})

test.run()
