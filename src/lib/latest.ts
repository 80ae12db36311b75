/**
 * A question asked again and again as the visitor types (the suggestions for a name, the address a
 * name points at): it is asked once they pause, and only the answer to the latest question is
 * delivered. A newer question clears the pending one's timer and aborts the one under way, so an
 * old answer that arrives late can never overwrite a newer one.
 */
import { clock, type TimerHandle } from './clock'

/** What {@link latestOnly} is made from. */
export interface LatestOnlyOptions<Input, Answer> {
  /** The pause after the last question before it is asked. */
  delayMs: number
  /** Asks; `signal` aborts when a newer question (or `cancel`) makes the answer unwanted. */
  ask(input: Input, signal: AbortSignal): Promise<Answer>
  /** The answer to the latest question. */
  onAnswer(answer: Answer, input: Input): void
  /** The latest question failed (not called for an aborted one). */
  onError(error: unknown, input: Input): void
}

/** A debounced question whose latest answer wins. */
export interface LatestOnly<Input> {
  /** Asks `input` after the pause (`delayMs`, default the one it was made with), dropping any earlier question. */
  schedule(input: Input, delayMs?: number): void
  /** Drops the pending or running question: nothing is delivered for it. */
  cancel(): void
}

/**
 * Makes a debounced question whose latest answer wins.
 *
 * @example
 * ```ts
 * const suggestions = latestOnly({
 *   delayMs: 300,
 *   ask: (name, signal) => api.getSuggestions(name, signal),
 *   onAnswer: (list) => (shown.value = list),
 *   onError: () => (shown.value = []),
 * })
 * input.oninput = () => suggestions.schedule(input.value)
 * ```
 */
export function latestOnly<Input, Answer>(options: LatestOnlyOptions<Input, Answer>): LatestOnly<Input> {
  let timer: TimerHandle | undefined
  let current: AbortController | undefined
  const cancel = () => {
    clock.clearTimeout(timer)
    timer = undefined
    current?.abort()
    current = undefined
  }
  return {
    cancel,
    schedule(input, delayMs = options.delayMs) {
      cancel()
      const mine = (current = new AbortController())
      timer = clock.setTimeout(() => {
        timer = undefined
        // Delivered only while still the latest: otherwise a newer question (or cancel) owns it.
        const deliver = (give: () => void) => {
          if (current !== mine) return
          current = undefined
          give()
        }
        Promise.resolve()
          .then(() => options.ask(input, mine.signal))
          .then(
            (answer) => deliver(() => options.onAnswer(answer, input)),
            (error) => deliver(() => options.onError(error, input)),
          )
      }, delayMs)
    },
  }
}
