// The All Wallets logo queue (src/ui/views/AllWallets/logos.ts) with frames run by hand.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { holdLogos, logoLoaded, queueLogo } from '../../../../../src/ui/views/AllWallets/logos'

const frames: Array<() => void> = []
globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(() => callback(0))

/** Runs the callbacks of one animation frame. */
function frame(): void {
  for (const callback of frames.splice(0)) callback()
}

test('a logo waits one frame after its row shows, then at most three start per frame, oldest first', () => {
  const started: number[] = []
  for (let index = 0; index < 7; index++) queueLogo(`/logo/${index}`, () => started.push(index))
  frame()
  assert.equal(started, [], 'the frame the rows first paint in starts none')
  frame()
  assert.equal(started, [0, 1, 2])
  frame()
  assert.equal(started, [0, 1, 2, 3, 4, 5])
  frame()
  assert.equal(started, [0, 1, 2, 3, 4, 5, 6])
  assert.is(frames.length, 0, 'no frame is asked for with nothing waiting')
})

test('a row that goes before its turn drops out; a logo loaded before starts at once', () => {
  const started: string[] = []
  const cancel = queueLogo('/logo/a', () => started.push('a'))
  queueLogo('/logo/b', () => started.push('b'))
  frame()
  cancel()
  frame()
  assert.equal(started, ['b'])
  logoLoaded('/logo/b')
  queueLogo('/logo/b', () => started.push('b again'))
  assert.equal(started, ['b', 'b again'])
})

test('while the list scrolls fast (held each frame) nothing starts; the frame after it slows, logos do', () => {
  const started: string[] = []
  queueLogo('/logo/c', () => started.push('c'))
  logoLoaded('/logo/d')
  holdLogos()
  queueLogo('/logo/d', () => started.push('d'))
  assert.equal(started, [], 'even a logo seen before waits during a fling')
  for (let index = 0; index < 3; index++) {
    frame()
    holdLogos()
  }
  frame()
  assert.equal(started, [], 'the frame drawn after the last fast scroll')
  frame()
  assert.equal(started, ['c', 'd'])
})

test.run()
