/**
 * When the list's wallet logos start loading. Measured in Chromium: an SVG logo costs the main
 * thread over 1 ms when its bytes arrive (the browser builds a document for it; `decoding` does
 * not apply to SVG) and more to paint, and a fast scroll renders a dozen new rows a frame, whose
 * logos all arrived a frame or two later: frames of 33–50 ms. So a logo is only asked for once
 * its row has stayed rendered across a frame, never while the list scrolls faster than a row a
 * frame (rows flying past keep their initial; those still in view when it slows get theirs), and
 * at most {@link PER_FRAME} start per frame, oldest row first; a row that leaves drops out.
 */

/** Logos started per animation frame: a few milliseconds of main thread at most. */
const PER_FRAME = 3

interface Waiting {
  start(): void
  /** The frame count when queued: the logo starts only after one more frame has gone by. */
  queuedAt: number
}

const waiting = new Set<Waiting>()
/** Logos that loaded once: the browser has them in memory, so a row coming back shows them at once. */
const loaded = new Set<string>()
let frames = 0
/** The frame count when the list last scrolled fast. */
let heldAt = -2
let scheduled = false

function nextFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(callback)
  else setTimeout(callback, 16)
}

function schedule(): void {
  if (scheduled || waiting.size === 0) return
  scheduled = true
  nextFrame(flush)
}

function flush(): void {
  scheduled = false
  frames++
  let started = 0
  // A fast scroll in the frame just drawn: wait for one without.
  if (heldAt >= frames - 1) started = PER_FRAME
  for (const entry of waiting) {
    if (started === PER_FRAME) break
    if (entry.queuedAt >= frames - 1) continue
    waiting.delete(entry)
    started++
    entry.start()
  }
  schedule()
}

/**
 * Queues a logo: `start` runs in a later frame unless the returned function (call it when the
 * row goes away) runs first. A logo that loaded before starts at once, unless the list is
 * scrolling fast (the browser may have to build it again).
 * @internal
 */
export function queueLogo(url: string, start: () => void): () => void {
  if (loaded.has(url) && heldAt < frames) {
    start()
    return () => undefined
  }
  const entry: Waiting = { start, queuedAt: frames }
  waiting.add(entry)
  schedule()
  return () => {
    waiting.delete(entry)
  }
}

/** Holds the queue for a frame: the list is scrolling fast. @internal */
export function holdLogos(): void {
  heldAt = frames
}

/** Remembers a logo that loaded. @internal */
export function logoLoaded(url: string): void {
  loaded.add(url)
}
