import '../../helpers/dom'
import { settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, type JSX } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppKit, useAppKit, useAppKitEvents, useAppKitState, useAppKitTheme } from '../../../../src/react'
import { mainnet, base } from '../../helpers/fixtures'

// React's act() wants to know it runs in a test environment.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function render(element: JSX.Element) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(element))
  return { container, unmount: () => act(() => root.unmount()) }
}

test('useAppKit before createAppKit fails with the spec text', () => {
  function Early() {
    useAppKit()
    return null
  }
  const originalError = console.error
  console.error = () => {}
  try {
    assert.throws(() => render(<Early />), /Please call createAppKit before using the open hook/)
  } finally {
    console.error = originalError
  }
})

test('useAppKitState follows the modal and the selected network; useAppKit opens and closes', async () => {
  createAppKit({ projectId: 'test-project', networks: [base, mainnet], features: { analytics: false } })
  let controls: ReturnType<typeof useAppKit> | undefined
  function Status() {
    controls = useAppKit()
    const { open, selectedNetworkId } = useAppKitState()
    return <p>{`${open ? 'open' : 'closed'} on ${selectedNetworkId}`}</p>
  }
  const view = render(<Status />)
  assert.is(view.container.textContent, 'closed on eip155:8453')
  await act(async () => {
    await controls?.open()
  })
  await settle()
  assert.is(view.container.textContent, 'open on eip155:8453')
  act(() => {
    controls?.close()
  })
  assert.is(view.container.textContent, 'closed on eip155:8453')
  view.unmount()
})

test('useAppKitTheme reads and changes the theme; useAppKitEvents reports modal events', async () => {
  let theme: ReturnType<typeof useAppKitTheme> | undefined
  let controls: ReturnType<typeof useAppKit> | undefined
  function Themed() {
    theme = useAppKitTheme()
    controls = useAppKit()
    const event = useAppKitEvents()
    return <p>{`${theme.themeMode} ${event?.data.event ?? 'none'}`}</p>
  }
  const view = render(<Themed />)
  act(() => theme?.setThemeMode('light'))
  assert.ok(view.container.textContent?.startsWith('light '))
  await act(async () => {
    await controls?.open()
  })
  assert.is(view.container.textContent, 'light MODAL_OPEN')
  act(() => {
    controls?.close()
  })
  assert.is(view.container.textContent, 'light MODAL_CLOSE')
  view.unmount()
})

test.run()
