// EIP-6963 announcements come from any script on the page: a wallet that comes out of one has a
// name fit to show, an id of reverse-domain shape and an icon an <img> may load; a malformed
// announcement is ignored, never thrown on.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parseAnnouncement } from '../../../../src/connectors/injected'
import { RUNS, assertShownText, hostileImageUrl, hostileText, isAllowedImage, wrongType } from '../../helpers/hostile'

const provider = { request: async () => null }

const announcement = fc.record(
  {
    info: fc.oneof(
      fc.record(
        {
          uuid: fc.oneof(fc.uuid(), hostileText, wrongType),
          name: fc.oneof(hostileText, wrongType),
          icon: hostileImageUrl,
          rdns: fc.oneof(fc.constantFrom('io.metamask', 'dev.sigkit.testwallet'), hostileText, wrongType),
        },
        { requiredKeys: [] },
      ),
      wrongType,
    ),
    provider: fc.oneof(fc.constant(provider), wrongType),
  },
  { requiredKeys: [] },
)

test('a wallet from any announcement is safe to list, or the announcement is ignored', () => {
  fc.assert(
    fc.property(fc.oneof(announcement, wrongType), (detail) => {
      const wallet = parseAnnouncement(detail)
      if (!wallet) return
      assertShownText(wallet.name, 64, 'the wallet name')
      assert.ok(wallet.name !== '')
      assert.match(wallet.id, /^[\w-]+(\.[\w-]+)+$/)
      if (wallet.imageUrl !== undefined) assert.ok(isAllowedImage(wallet.imageUrl), wallet.imageUrl.slice(0, 60))
    }),
    RUNS,
  )
})

test('a real announcement keeps its name and data:image icon', () => {
  const icon = 'data:image/svg+xml;base64,PHN2Zy8+'
  const wallet = parseAnnouncement({ info: { uuid: 'u', name: 'Rabbit', icon, rdns: 'io.rabbit' }, provider })
  assert.equal(wallet && { name: wallet.name, imageUrl: wallet.imageUrl }, { name: 'Rabbit', imageUrl: icon })
  const spoof = parseAnnouncement({ info: { uuid: 'u', name: '\u202EksaMateM', icon, rdns: 'io.rabbit' }, provider })
  assert.is(spoof?.name, 'ksaMateM', 'the bidi override that would show it as "MetaMask" is gone')
})

test.run()
