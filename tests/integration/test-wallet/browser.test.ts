// Test wallet, browser side (install.js + prompt.js) in happy-dom, against a real anvil: the
// EIP-6963 announcement, window.ethereum, the prompt's DOM, keyboard and focus handling next to
// a modal that listens for keys on document in the capture phase (as the SigKit modal does), and
// the scripting API. Real-browser behaviour is left to the Playwright e2e tests.
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { Window as HappyWindow } from 'happy-dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessage, type Hex } from 'viem'
import { startChain, type AnvilChain } from './anvil-chains'
import { ACCOUNT, rejectsWith } from './helpers'

GlobalRegistrator.register({ url: 'http://127.0.0.1:5173/demo.html' })
const { installTestWallet } = await import('../../../demo/test-wallet/install.js')
const { PROMPT_TAG } = await import('../../../demo/test-wallet/prompt.js')

let chain: AnvilChain
const announced: any[] = []
let wallet: any

test.before(async () => {
  chain = await startChain(31337)
  ;(window as any).__SIGKIT_SANDBOX__ = {
    apiUrl: 'http://127.0.0.1:5174',
    chains: [{ chainId: 31337, name: 'Localhost', rpcUrl: chain.rpcUrl, caipNetworkId: 'eip155:31337' }],
    accounts: { wallet: ACCOUNT, recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
  }
  window.addEventListener('eip6963:announceProvider', (event: any) => announced.push(event.detail))
  wallet = installTestWallet(window as any)
})
test.after(async () => {
  await chain?.stop()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const promptHost = () => document.querySelector(PROMPT_TAG) as HTMLElement | null
const promptRoot = () => promptHost()?.shadowRoot as ShadowRoot
const button = (name: string) =>
  Array.from(promptRoot().querySelectorAll('button')).find((b) => b.textContent === name) as HTMLButtonElement

function focused(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

function press(key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init })
  ;(focused() ?? document.body).dispatchEvent(event)
  return event
}

/** A stand-in for the SigKit modal: a button in a shadow root and keys heard on document (capture). */
function fakeModal() {
  const host = document.createElement('sigkit-modal')
  const root = host.attachShadow({ mode: 'open' })
  const opener = document.createElement('button')
  opener.textContent = 'MetaMask'
  root.append(opener)
  document.body.append(host)
  const keysHeard: string[] = []
  const onKey = (event: KeyboardEvent) => keysHeard.push(event.key)
  document.addEventListener('keydown', onKey, true)
  opener.focus()
  return { opener, keysHeard, remove: () => (host.remove(), document.removeEventListener('keydown', onKey, true)) }
}

test('EIP-6963: announced at install and again on eip6963:requestProvider, frozen', () => {
  assert.is(announced.length, 1)
  const [detail] = announced
  assert.ok(Object.isFrozen(detail) && Object.isFrozen(detail.info))
  assert.is(detail.info.name, 'SigKit Test Wallet')
  assert.is(detail.info.rdns, 'dev.sigkit.testwallet')
  assert.match(detail.info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  assert.match(detail.info.icon, /^data:image\/svg\+xml,/)
  assert.is(typeof detail.provider.request, 'function')
  assert.is(detail.provider, wallet.provider)

  window.dispatchEvent(new Event('eip6963:requestProvider'))
  assert.is(announced.length, 2)
  assert.is(announced[1], detail, 'the same detail (and uuid) every time')
  assert.is((window as any).ethereum, wallet.provider)
  assert.is((window as any).sigkitTestWallet, wallet)
})

test('prompt: DOM, focus on Approve, Tab cycles, keys never reach the modal, Escape rejects and focus returns', async () => {
  const modal = fakeModal()
  const request = wallet.provider.request({ method: 'eth_requestAccounts' })
  await settle()

  const host = promptHost()!
  assert.ok(host, 'the prompt is on the page')
  assert.is(host.parentElement, document.body)
  assert.is(host.style.getPropertyValue('position'), 'fixed')
  assert.is(host.style.getPropertyValue('z-index'), '2147483647')
  const dialog = promptRoot().querySelector('[role="alertdialog"]')!
  assert.is(dialog.getAttribute('aria-modal'), 'false')
  const heading = promptRoot().getElementById(dialog.getAttribute('aria-labelledby')!)!
  assert.is(heading.textContent, 'SigKit Test Wallet')
  assert.match(dialog.textContent!, 'http://127.0.0.1:5173')
  assert.match(dialog.textContent!, 'Connect to this site')
  assert.match(dialog.textContent!, ACCOUNT)
  assert.equal(
    Array.from(promptRoot().querySelectorAll('button'), (b) => b.textContent),
    ['Reject', 'Approve'],
  )
  assert.is(focused(), button('Approve'))
  assert.equal(
    wallet.pending.map((p: any) => p.method),
    ['eth_requestAccounts'],
  )

  assert.ok(press('Tab').defaultPrevented)
  assert.is(focused(), button('Reject'))
  press('Tab', { shiftKey: true })
  assert.is(focused(), button('Approve'))
  press('a')
  assert.equal(modal.keysHeard, [], "the modal heard none of the prompt's keys")

  press('Escape')
  await rejectsWith(request, 4001)
  assert.is(promptHost(), null, 'the prompt removed itself')
  assert.is(focused(), modal.opener, 'focus is back in the modal')
  assert.equal(modal.keysHeard, [])
  assert.equal(wallet.pending, [])

  // With no prompt on screen, keys go to the page as usual.
  press('Escape')
  assert.equal(modal.keysHeard, ['Escape'])
  modal.remove()
})

test('prompt: Approve connects; the authorization lands in localStorage under sigkit-testwallet:', async () => {
  const request = wallet.provider.request({ method: 'eth_requestAccounts' })
  await settle()
  button('Approve').click()
  assert.equal(await request, [ACCOUNT])
  assert.is(promptHost(), null)
  assert.equal(JSON.parse(localStorage.getItem('sigkit-testwallet:authorizedOrigins')!), ['http://127.0.0.1:5173'])
})

test('prompt: one request at a time, the rest queued; approveNext/rejectNext decide the one on screen', async () => {
  const first = wallet.provider.request({ method: 'personal_sign', params: ['0x6f6e65', ACCOUNT] })
  const second = wallet.provider.request({ method: 'personal_sign', params: ['0x74776f', ACCOUNT] })
  await settle()
  assert.is(document.querySelectorAll(PROMPT_TAG).length, 1)
  assert.equal(
    wallet.pending.map((p: any) => p.summary),
    ['one', 'two'],
  )
  assert.match(promptRoot().textContent!, 'Sign message')
  assert.match(promptRoot().textContent!, '1 more request waiting')

  const decided = await wallet.approveNext()
  assert.is(decided.summary, 'one')
  const signature = (await first) as Hex
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'one', signature }))
  await settle()
  assert.is(document.querySelectorAll(PROMPT_TAG).length, 1)
  assert.match(promptRoot().textContent!, 'two')
  await wallet.rejectNext()
  await rejectsWith(second, 4001)
  assert.is(promptHost(), null)
})

test('approveNext/rejectNext before the request decide it without a prompt; autoApprove approves all', async () => {
  const decided = wallet.approveNext()
  const signature = (await wallet.provider.request({ method: 'personal_sign', params: ['0x6869', ACCOUNT] })) as Hex
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'hi', signature }))
  assert.equal(await decided, {
    method: 'personal_sign',
    params: ['0x6869', ACCOUNT],
    origin: 'http://127.0.0.1:5173',
    action: 'Sign message',
    summary: 'hi',
  })
  assert.is(promptHost(), null)

  wallet.rejectNext()
  await rejectsWith(wallet.provider.request({ method: 'personal_sign', params: ['0x6869', ACCOUNT] }), 4001)

  wallet.autoApprove = true
  await wallet.provider.request({ method: 'personal_sign', params: ['0x6869', ACCOUNT] })
  assert.is(promptHost(), null)
  wallet.autoApprove = false
})

test('summary text is text: markup from a dapp is not parsed', async () => {
  const request = wallet.provider.request({
    method: 'personal_sign',
    params: ['<img src=x onerror=alert(1)>', ACCOUNT],
  })
  await settle()
  assert.is(promptRoot().querySelector('img'), null)
  assert.match(promptRoot().textContent!, '<img src=x onerror=alert(1)>')
  button('Reject').click()
  await rejectsWith(request, 4001)
})

test('?legacy=0, or a window.ethereum already there, leaves window.ethereum alone; no sandbox config → default chains', async () => {
  const noLegacy = new HappyWindow({ url: 'http://127.0.0.1:5173/?legacy=0' })
  const installed = installTestWallet(noLegacy as any)
  assert.is((noLegacy as any).ethereum, undefined)
  assert.is(await installed.provider.request({ method: 'eth_chainId' }), '0x7a69')

  const taken = new HappyWindow({ url: 'http://127.0.0.1:5173/' })
  const other = { request: async () => null }
  ;(taken as any).ethereum = other
  installTestWallet(taken as any)
  assert.is((taken as any).ethereum, other)
  await noLegacy.happyDOM.close()
  await taken.happyDOM.close()
})

test.run()
