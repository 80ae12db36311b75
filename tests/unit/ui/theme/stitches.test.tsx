import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

// The callbacks the page would run once idle, run by hand below.
const idle: (() => void)[] = []
globalThis.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof requestIdleCallback

const { modalRoot, styled } = await import('../../../../src/ui/theme/stitches')

// Stitches writes into the shadow root's constructable sheet, as a strict CSP requires.
const styleText = () =>
  modalRoot.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n')

test('a styled component writes its rules once the page is idle, before its first render', () => {
  const Box = styled('div', {
    color: 'rgb(1, 2, 3)',
    variants: { tone: { loud: { fontWeight: 700 } } },
    defaultVariants: { tone: 'loud' },
  })
  assert.not.ok(styleText().includes('rgb(1, 2, 3)'), 'nothing written before the idle time')
  for (const callback of idle.splice(0)) callback()
  const text = styleText()
  assert.ok(text.includes(Box.className), 'its base rule, under its class')
  assert.ok(text.includes('rgb(1, 2, 3)'))
  assert.ok(text.includes('700'), 'and its default variant')
})

test('no <style> element: the shadow root has one adopted sheet, with the rules', () => {
  assert.is(modalRoot.querySelectorAll('style').length, 0)
  assert.is(modalRoot.adoptedStyleSheets.length, 1)
  assert.ok(styleText().includes('--sxs'), "Stitches' group markers are in it")
})

test.run()
