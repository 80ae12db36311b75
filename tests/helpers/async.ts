/**
 * Waiting helpers shared by the unit and integration tests. Plain TypeScript, no DOM and no
 * sandbox: any test file can import them.
 */

/** Waits for React/Preact to flush effects and for lazy chunks to resolve. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

/** A promise the test settles by hand. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export interface WaitForOptions {
  /** Give up after this long (default 5000 ms). */
  timeoutMs?: number
  /** Named in the timeout error (default: the source of `check`). */
  what?: string
}

/**
 * Polls `check` every 10 ms until it returns a truthy value, and returns that value. A `check`
 * that throws (a failed assertion, say) is tried again; after `timeoutMs` the last error is thrown,
 * or a timeout error naming `what`. React reveals suspended content up to ~300 ms late, and the
 * sandbox's chains take a block or two to show a transaction.
 *
 * The second argument may be a number: the timeout in milliseconds.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitForOptions | number = {},
): Promise<NonNullable<T>> {
  const { timeoutMs = 5000, what = check.toString() } = typeof options === 'number' ? { timeoutMs: options } : options
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() > deadline) {
      if (lastError) throw lastError
      throw new Error(`waitFor timed out after ${timeoutMs} ms waiting for ${what}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The error `promise` rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}
