/**
 * Tracked events and error reports. Events are recorded locally (for `useAppKitEvents`) at once
 * and, when analytics is enabled, forwarded to the pulse service. Error reports go to the same
 * service and are rate limited. The sending is done by the lazy remote-config module (loaded with
 * `import()`, never part of the page-load bundle): it holds what comes before the project's
 * analytics setting is known (fetched on first open), then sends or drops it.
 */
import { signal } from '@preact/signals-core'
import type { Signal } from '@preact/signals-core'
import { getResolvedOptions } from './config/appkit-state'
import { clock } from '../lib/clock'
import { ERROR_REPORTS, SDK_TYPE, SDK_VERSION } from './constants'
import { featuresState } from './config/features'
import { log } from '../lib/logger'

/** An event the widget tracks (e.g. MODAL_OPEN, CONNECT_SUCCESS). */
export interface TrackedEvent {
  type: 'track'
  event: string
  properties?: Record<string, unknown>
}

/** A tracked event with the clock time it happened. */
export interface EventRecord {
  timestamp: number
  data: TrackedEvent
}

/** Events state: the latest event. */
export const eventsState: { last: Signal<EventRecord | undefined> } = {
  last: signal(undefined),
}

type EventListener = (record: EventRecord) => void
const listeners = new Set<EventListener>()

/**
 * Calls `listener` for every event sent from now on.
 *
 * @returns a function that unsubscribes.
 * @example
 * ```ts
 * const stop = subscribeEvents(({ data }) => console.log(data.event))
 * ```
 */
export function subscribeEvents(listener: EventListener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

interface PulseTarget {
  url: string
  projectId: string
}

function pulseTarget(): PulseTarget | undefined {
  const options = getResolvedOptions()
  if (!options || options.projectIdMissing || !featuresState.peek().analytics) return undefined
  return { url: options.endpoints.pulse, projectId: options.projectId }
}

function pageInfo(): { url: string; domain: string } {
  const location = (globalThis as { location?: Location }).location
  return { url: location?.href ?? '', domain: location?.hostname ?? '' }
}

async function postToPulse(target: PulseTarget, props: Record<string, unknown>, timestamp: number): Promise<void> {
  const body = { ...pageInfo(), timestamp, props }
  const remote = await import('./config/remote-config')
  await remote.sendToPulse(target.url, { projectId: target.projectId, st: SDK_TYPE, sv: SDK_VERSION }, body)
}

/**
 * Records an event and notifies subscribers at once; forwards it when analytics is enabled, once
 * the project's analytics setting is known. A throwing subscriber or a failed forward never reaches
 * the caller.
 *
 * @example
 * ```ts
 * sendEvent({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'qrcode' } })
 * ```
 */
export function sendEvent(event: TrackedEvent): void {
  const record: EventRecord = { timestamp: clock.now(), data: event }
  eventsState.last.value = record
  for (const listener of listeners) {
    try {
      listener(record)
    } catch (error) {
      log('error', 'event listener failed', error)
    }
  }
  const target = pulseTarget()
  if (target) postToPulse(target, { ...event }, record.timestamp).catch(() => undefined)
}

// Times of the error reports in the rolling window; resetEvents empties it.
const reportTimes: number[] = []

/**
 * Reports an error to the pulse service: at most 5 per rolling 60 s (further ones are dropped), and
 * only when analytics is enabled and a project id is set; like events, a report made before the
 * project's analytics setting is known waits for it (then goes or is dropped). Never throws.
 *
 * @param context the event name, e.g. `iframe_load_failed`.
 * @returns whether the report was sent, or held for the analytics setting.
 * @example
 * ```ts
 * await reportError(new Error('timeout'), 'iframe_request_timeout')
 * ```
 */
export async function reportError(error: unknown, context: string): Promise<boolean> {
  // Kept in the log whether or not it reaches the service: a support report shows it either way.
  log('info', `error report ${context}`, error)
  const target = pulseTarget()
  if (!target) return false
  const now = clock.now()
  reportTimes.splice(0, reportTimes.length, ...reportTimes.filter((time) => now - time < ERROR_REPORTS.windowMs))
  if (reportTimes.length >= ERROR_REPORTS.max) return false
  reportTimes.push(now)
  const err = error instanceof Error ? error : new Error(String(error))
  const report = {
    type: 'error',
    event: context,
    errorType: err.name,
    errorMessage: err.message,
    stackTrace: err.stack ?? '',
  }
  return postToPulse(target, report, now).then(
    () => true,
    () => false,
  )
}

/** @internal Clears listeners, the last event and the report window (tests). */
export function resetEvents(): void {
  listeners.clear()
  reportTimes.length = 0
  eventsState.last.value = undefined
}
