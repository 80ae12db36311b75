// The Receive view in the real modal (happy-dom): the address as a QR code that decodes to it
// (its SVG modules drawn into pixels for jsQR) and as text, copy with a toast, the networks of the
// namespace, and for a smart account the note and only the networks it is enabled on.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import jsQR from 'jsqr'
import { toastState } from '../../../../src/core/modal/toasts'
import { setAccount } from '../../../../src/core/state/account'
import { getNetworkState, setActiveCaipNetwork, setRequestedNetworks } from '../../../../src/core/state/network'
import { SMART_ACCOUNT_NOTE } from '../../../../src/features/receive'
import { solana } from '../../../helpers/networks'
import {
  ADDRESS,
  button,
  connectAccount,
  dialog,
  installModal,
  localL2,
  localhost,
  modalShadow,
  openAt,
  title,
  useFakeAdapter,
  waitFor,
} from '../../helpers/views'
import { resetAllState } from '../../helpers/reset'

test.before.each(() => {
  installModal()
  useFakeAdapter()
})
test.after.each(resetAllState)

/** The QR code's dark modules (unit squares of its SVG path) as RGBA pixels, 4 px a module. */
function decodeQr(svg: SVGElement): string | undefined {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2])
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  const path = svg.querySelector('path')!.getAttribute('d')!
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4
        pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0
      }
  }
  return jsQR(pixels, width, width)?.data
}

const networks = () => Array.from(modalShadow().querySelectorAll('section li')).map((item) => item.textContent)
const qr = () => modalShadow().querySelector<SVGElement>('svg[role="img"]')

test('the address as a QR code that decodes to it and as text; the networks it receives on', async () => {
  connectAccount()
  await openAt('Receive')
  const svg = await waitFor(qr)
  assert.is(title(), 'Receive')
  assert.is(svg.getAttribute('aria-label'), `QR code of your address ${ADDRESS}`)
  assert.is(decodeQr(svg), ADDRESS)
  assert.is(modalShadow().querySelector('[data-address]')?.textContent, ADDRESS)
  assert.equal(networks(), ['Localhost', 'Localhost L2'])
  assert.ok(dialog().textContent?.includes('Receive on these networks'))
  assert.not.ok(dialog().textContent?.includes(SMART_ACCOUNT_NOTE))
})

test('Copy address copies it and says so', async () => {
  connectAccount()
  await openAt('Receive')
  ;(await waitFor(() => button('Copy address'))).click()
  await waitFor(() => toastState.open.value && toastState.message.value === 'Address copied')
  assert.is(await navigator.clipboard.readText(), ADDRESS)
})

test('a smart account: the note, and only the networks it is enabled on', async () => {
  connectAccount({ allAccounts: [{ address: ADDRESS.toLowerCase(), type: 'smartAccount' }] })
  getNetworkState('eip155').smartAccountEnabledNetworks.value = [31338]
  await openAt('Receive')
  await waitFor(qr)
  assert.ok(modalShadow().querySelector('[role="note"]')?.textContent === SMART_ACCOUNT_NOTE)
  assert.equal(networks(), ['Localhost L2'])
})

test('a Solana account: its address and the Solana networks only', async () => {
  const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  connectAccount()
  setRequestedNetworks([localhost, localL2, solana])
  setActiveCaipNetwork(solana)
  setAccount('solana', { address, caipAddress: `${solana.caipNetworkId}:${address}`, status: 'connected' })
  await openAt('Receive')
  assert.is(decodeQr(await waitFor(qr)), address)
  assert.equal(networks(), ['Solana'])
})

test.run()
