// @ts-check
// The embedded wallet's secure frame in a browser test (e2e specs and integration pages alike).
//
// Its approval screen is an iframe that the modal lays over its ApproveTransaction view and moves
// with the modal while the modal slides in or changes height. Playwright checks that a click hits
// its button at the first mouse event only, and judges the button still by the frame's own
// layout, which does not change while the whole iframe moves: a click in those 150 ms can land its
// mousedown and mouseup beside the button, and the request then waits for an answer that never
// comes. So the frame's buttons are clicked once the iframe stands still.

/** @typedef {import('@playwright/test').Page} Page */

/** The iframe the widget makes for the secure frame. */
const FRAME_SELECTOR = 'iframe[name="w3m-secure-iframe"]'

/** The secure frame's document, for locators. @param {Page} page */
export const secureFrame = (page) => page.frameLocator(FRAME_SELECTOR)

/**
 * Resolves once the secure frame's iframe is shown and has kept its box for two animation frames.
 * @param {Page} page
 * @param {number} [timeout]
 */
export async function secureFrameStill(page, timeout = 10_000) {
  const deadline = Date.now() + timeout
  for (;;) {
    const still = await page.evaluate(
      (selector) =>
        new Promise((resolve) => {
          const frame = document.querySelector(selector)
          const box = () => JSON.stringify(frame?.getBoundingClientRect())
          const first = box()
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(Boolean(frame?.getClientRects().length) && box() === first)),
          )
        }),
      FRAME_SELECTOR,
    )
    if (still) return
    if (Date.now() > deadline) throw new Error(`The secure frame was still moving or hidden after ${timeout} ms`)
  }
}

/**
 * Waits for the frame's approval screen (the request `title` when given, e.g. 'Sign message'),
 * then clicks Approve or Reject on it once the iframe stands still.
 * @param {Page} page
 * @param {'Approve' | 'Reject'} [button]
 * @param {{ title?: string, timeout?: number }} [options]
 */
export async function answerSecureFrame(page, button = 'Approve', { title, timeout = 10_000 } = {}) {
  const frame = secureFrame(page)
  if (title) await frame.getByRole('heading', { name: title }).waitFor({ timeout })
  const target = frame.getByRole('button', { name: button })
  await target.waitFor({ timeout })
  await secureFrameStill(page, timeout)
  await target.click({ timeout })
}
