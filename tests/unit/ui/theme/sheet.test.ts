import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setShadowSheet } from '../../../../src/ui/theme/sheet'
import { initCore, resetAppKitState } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { validInput } from '../../helpers/fixtures'

const rulesOf = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n')

function shadowRoot(): ShadowRoot {
  const host = document.createElement('div')
  document.body.append(host)
  return host.attachShadow({ mode: 'open' })
}

test('a constructable sheet, adopted by the root: no <style> for a strict CSP to block', () => {
  const root = shadowRoot()
  const sheet = setShadowSheet(root, 'button { color: rgb(1, 2, 3); }')
  assert.equal(root.adoptedStyleSheets, [sheet])
  assert.ok(rulesOf(sheet).includes('rgb(1, 2, 3)'))
  assert.is(root.querySelector('style'), null)
  sheet.insertRule('span { color: red; }')
  assert.ok(rulesOf(root.adoptedStyleSheets[0] as CSSStyleSheet).includes('span'), 'the root uses the returned sheet')
})

test('set again (an element re-attached), the root keeps one sheet, not two', () => {
  const root = shadowRoot()
  setShadowSheet(root, 'a { color: red; }')
  const second = setShadowSheet(root, 'a { color: blue; }')
  assert.equal(root.adoptedStyleSheets, [second])
})

test("without adoptedStyleSheets (older browsers): a <style> carrying createAppKit's nonce, its sheet returned", () => {
  initCore(validateOptions(validInput({ nonce: 'n0nce' })))
  try {
    const root = shadowRoot()
    Object.defineProperty(root, 'adoptedStyleSheets', { value: undefined })
    const sheet = setShadowSheet(root, 'b { color: rgb(4, 5, 6); }')
    const style = root.querySelector('style')
    assert.ok(style)
    assert.is(style.nonce, 'n0nce')
    assert.is(style.sheet, sheet)
    assert.ok(rulesOf(sheet).includes('rgb(4, 5, 6)'))
  } finally {
    resetAppKitState()
  }
})

test('without adoptedStyleSheets and no nonce option: a plain <style>', () => {
  const root = shadowRoot()
  Object.defineProperty(root, 'adoptedStyleSheets', { value: undefined })
  setShadowSheet(root, 'b { color: red; }')
  assert.is(root.querySelector('style')?.nonce, '')
})

test.run()
