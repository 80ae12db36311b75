import '../../helpers/dom'
import { settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { defineAppKitButton } from '../../../../src/ui/button/element'
import { activeNamespace, setAccount } from '../../../../src/core/state/account'
import { setThemeMode, setThemeVariables } from '../../../../src/core/config/appkit-state'
import { resetAllState } from '../../helpers/reset'

defineAppKitButton()

async function mountButton(attributes: Record<string, string> = {}): Promise<HTMLElement> {
  const host = document.createElement('appkit-button')
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value)
  document.body.append(host)
  await settle()
  return host
}

function inner(host: HTMLElement): HTMLButtonElement {
  const button = host.shadowRoot?.querySelector('button')
  if (!button) throw new Error('button not rendered')
  return button
}

test.after.each(async () => {
  await resetAllState()
  document.body.replaceChildren()
  await settle()
})

test('disconnected, the button reads "Connect Wallet" or its label attribute', async () => {
  assert.is(inner(await mountButton()).textContent, 'Connect Wallet')
  assert.is(inner(await mountButton({ label: 'Sign in' })).textContent, 'Sign in')
})

test('connected, it shows the balance (3 decimals at most) and the short address', async () => {
  const host = await mountButton()
  activeNamespace.value = 'eip155'
  setAccount('eip155', {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    balance: '10000.123456',
    balanceSymbol: 'ETH',
    status: 'connected',
  })
  await settle()
  assert.is(inner(host).textContent, '10,000.123 ETH 0xf39F…2266')
  host.setAttribute('balance', 'hide')
  await settle()
  assert.is(inner(host).textContent, '0xf39F…2266')
})

test('a profile name (registered, or from the identity service) replaces the short address', async () => {
  const host = await mountButton({ balance: 'hide' })
  activeNamespace.value = 'eip155'
  setAccount('eip155', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', status: 'connected' })
  await settle()
  assert.is(inner(host).textContent, '0xf39F…2266')
  setAccount('eip155', { profileName: 'alice.reown.id' })
  await settle()
  assert.is(inner(host).textContent, 'alice.reown.id')
  // Outside text is text: markup in a name is shown, never parsed.
  setAccount('eip155', { profileName: '<img src=x onerror=alert(1)>.eth' })
  await settle()
  assert.is(inner(host).textContent, '<img src=x onerror=alert(1)>.eth')
  assert.is(inner(host).querySelector('img'), null)
})

test('a balance update patches the text without replacing the button element', async () => {
  const host = await mountButton()
  const before = inner(host)
  activeNamespace.value = 'eip155'
  setAccount('eip155', {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    balance: '1',
    balanceSymbol: 'ETH',
    status: 'connected',
  })
  await settle()
  setAccount('eip155', { balance: '2.5' })
  await settle()
  assert.is(inner(host), before)
  assert.ok(inner(host).textContent?.startsWith('2.5 ETH'))
})

test('the host follows the theme mode so light pages get a light connected button', async () => {
  const host = await mountButton()
  assert.is(host.dataset.theme, 'dark')
  setThemeMode('light')
  assert.is(host.dataset.theme, 'light')
  setThemeMode('dark')
})

test("the dapp's theme variables reach the button, so its accent colour follows the theme", async () => {
  const host = await mountButton()
  setThemeVariables({ '--sk-accent': '#7b61ff' })
  assert.is(host.style.getPropertyValue('--sk-accent'), '#7b61ff')
})

test('its styles are an adopted stylesheet, no <style> a strict CSP would block; one sheet after a re-attach', async () => {
  const host = await mountButton()
  const shadow = host.shadowRoot as ShadowRoot
  assert.is(shadow.querySelector('style'), null)
  assert.is(shadow.adoptedStyleSheets.length, 1)
  const rules = [...(shadow.adoptedStyleSheets[0] as CSSStyleSheet).cssRules].map((rule) => rule.cssText).join('\n')
  assert.ok(rules.includes('--sk-accent'), "button.css's rules")
  host.remove()
  await settle()
  document.body.append(host)
  await settle()
  assert.is(shadow.adoptedStyleSheets.length, 1)
  inner(host)
})

test('the element is defined once even if asked twice', () => {
  defineAppKitButton()
  assert.ok(customElements.get('appkit-button'))
})

test.run()
