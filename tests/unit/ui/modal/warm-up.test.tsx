import { modalShadow, settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAppKitWith } from '../../../../src/app-kit'
import { defineAppKitButton } from '../../../../src/ui/button/element'
import { closeModal, openModal, preloadModal, whenFirstOpenTasksSettled } from '../../../../src/core/modal/modal'
import { mainnet } from '../../helpers/fixtures'
import { sendJson, startServer } from '../../helpers/server'

// happy-dom has no layout; what the warm-up lays out is seen where it forces layout.
type Layout = { element: HTMLElement; parent: ParentNode | null; connected: boolean }
const layouts: Layout[] = []
Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
  configurable: true,
  get(this: HTMLElement) {
    layouts.push({ element: this, parent: this.parentNode, connected: this.isConnected })
    return 0
  },
})
const probes = () => layouts.filter(({ element }) => element.querySelector('span[style*="--sk-fonts-body"]'))

// The hosted calls an open makes, answered empty.
const server = await startServer((request, response) => {
  response.setHeader('Access-Control-Allow-Origin', '*')
  sendJson(response, 200, request.path.endsWith('/getWallets') ? { count: 0, data: [] } : {})
})
test.after(() => server.close())

// The module lays the type out as it is imported, which only the preload does (never statically
// imported here: that would run it before the modal exists).
test("the modal's preload lays out each of its type styles once, hidden, inside the modal, and leaves nothing behind", async () => {
  // Idle callbacks never run here: the preload runs once, when this test asks for it.
  globalThis.requestIdleCallback = (() => 0) as typeof requestIdleCallback
  createAppKitWith(defineAppKitButton)({
    projectId: 'test-project',
    networks: [mainnet],
    features: { email: false, socials: false, analytics: false },
    endpoints: { api: server.url, walletApi: server.url, pulse: server.url },
  })
  preloadModal()
  for (let i = 0; i < 20 && probes().length === 0; i++) await settle()

  const [probe, ...more] = probes()
  assert.ok(probe, 'the preload laid the type out')
  assert.is(more.length, 0, 'once')
  assert.ok(probe!.connected, 'in the document when laid out')
  const container = probe!.parent as HTMLElement
  assert.is(container.parentNode, modalShadow(), "in the modal's container, under its theme")
  assert.is(probe!.element.style.visibility, 'hidden')
  const lines = [...probe!.element.querySelectorAll('span')]
  assert.ok(
    lines.every((line) => line.style.fontFamily === 'var(--sk-fonts-body)'),
    "in the modal's font family",
  )
  const fonts = lines.map((line) => line.getAttribute('style') ?? '')
  for (const size of ['sm', 'md', 'lg'])
    for (const weight of ['400', '600'])
      assert.ok(
        fonts.some((font) => font.includes(`var(--sk-fontSizes-${size})`) && font.includes(`font-weight: ${weight}`)),
        `${weight} at ${size}`,
      )
  assert.not.ok(probe!.element.isConnected, 'removed again')
  assert.is(container.childElementCount, 0, 'the container is left empty for the first render')
})

test('an open modal is left alone', async () => {
  await openModal()
  await settle()
  assert.ok(modalShadow().querySelector('[role="dialog"]'), 'the modal rendered')
  ;(await import('../../../../src/ui/modal/warm-up')).warmModalType()
  assert.is(probes().length, 1, 'no second layout into the rendered modal')
  closeModal()
  await whenFirstOpenTasksSettled()
  await settle(20)
})

test.run()
