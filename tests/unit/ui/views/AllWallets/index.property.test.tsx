// All Wallets rendered from a hostile wallet list (markup, bidi and zero-width names, 10 KB names,
// refused link schemes, wrong types): no exception escapes, no script element or event-handler
// attribute appears, the names show as text without hidden characters, and the search the visitor
// typed stays in its field.
import {
  installModal,
  labelled,
  localL2,
  localhost,
  modalShadow,
  openAt,
  settle,
  typeInto,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { initCore } from '../../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../../src/core/config/options'
import { sendJson, startServer, type TestServer } from '../../../helpers/server'
import { resetAllState } from '../../../helpers/reset'
import { RUNS, assertSafeDom, hostileListing, hostileText, wrongType } from '../../../helpers/hostile'

let server: TestServer
let body: unknown

test.before(async () => {
  server = await startServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', '*')
    if (request.method === 'OPTIONS') return response.writeHead(204).end()
    if (request.path !== '/getWallets') return sendJson(response, 200, {})
    sendJson(response, 200, body)
  })
})
test.after(() => {
  server.close()
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref()
})

const rows = () => Array.from(modalShadow().querySelectorAll<HTMLElement>('[role="option"]'))

test('a hostile wallet list renders as safe text; the typed search is kept', async () => {
  const lists = fc.sample(fc.array(fc.oneof(hostileListing, wrongType), { minLength: 1, maxLength: 12 }), {
    seed: RUNS.seed,
    numRuns: 4,
  })
  const searches = fc.sample(hostileText, { seed: RUNS.seed, numRuns: 4 })
  const errors: unknown[] = []
  const onError = (event: { error?: unknown }) => errors.push(event.error)
  window.addEventListener('error', onError)
  for (const [index, items] of lists.entries()) {
    const data = [...items, { id: 'good', name: 'Good Wallet', chains: [localhost.caipNetworkId] }]
    body = { count: data.length, data }
    installModal()
    initCore(
      validateOptions({
        projectId: 'test-project',
        networks: [localhost, localL2],
        endpoints: { walletApi: server.url, pulse: server.url, relay: 'ws://127.0.0.1:9' },
      }),
    )
    await openAt('AllWallets')
    await waitFor(() => rows().some((row) => row.textContent?.includes('Good Wallet')))
    assertSafeDom(modalShadow(), `list ${index}`)
    const search = (searches[index] ?? '').slice(0, 200)
    const input = labelled<HTMLInputElement>('Search wallet')
    typeInto(input, search)
    await settle(30)
    assert.is(input.value, search, 'what the visitor typed stays as typed')
    assertSafeDom(modalShadow(), `list ${index} searched`)
    await resetAllState()
  }
  window.removeEventListener('error', onError)
  assert.equal(errors, [], 'no exception escaped')
})

test.run()
