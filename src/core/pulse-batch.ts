/**
 * What goes to the pulse service. Error reports are POSTed one by one to `/e` (HOSTED-API §8.2).
 * Tracked events go in batches (§8.1): POST `/batch` with an array of items, through
 * `navigator.sendBeacon` so a batch sent as the page goes away still arrives. A batch leaves every
 * 10 s, as soon as the pending items pass 45 KB of JSON, and when the page is hidden, frozen or
 * unloaded. Loaded by remote-config.ts with the first item it may send (the project's analytics
 * setting known and on), so no page pays for it before.
 */
import { clock, type TimerHandle } from '../lib/clock'
import { createHttpClient, type QueryParams } from './lib/http'

/** How often pending events are sent. */
export const BATCH_FLUSH_MS = 10_000
/** Pending events are sent at once past this much JSON. */
export const BATCH_MAX_BYTES = 45_000

interface Batch {
  href: string
  items: Record<string, unknown>[]
  bytes: number
  timer?: TimerHandle
}

let batch: Batch | undefined
let listening = false

/**
 * Sends an error report (props.type `error`) now, with its timestamp in ISO form; queues anything
 * else as an event.
 *
 * @throws the HTTP client's error when an error report is refused or cannot be delivered.
 * @internal
 */
export async function sendPulseItem(url: string, params: QueryParams, item: Record<string, unknown>): Promise<void> {
  if ((item['props'] as { type?: unknown } | undefined)?.type !== 'error') return queueEvent(url, params, item)
  const timestamp = new Date(item['timestamp'] as number).toISOString()
  await createHttpClient({ baseUrl: url }).post({ path: '/e', params, body: { ...item, timestamp } })
}

/**
 * Adds an event to the batch for `url` (the pulse service) and `params` (projectId, st, sv).
 * @internal
 */
export function queueEvent(url: string, params: QueryParams, item: Record<string, unknown>): void {
  const href = createHttpClient({ baseUrl: url }).url({ path: '/batch', params })
  if (batch?.href !== href) flushEvents()
  batch ??= { href, items: [], bytes: 0 }
  batch.items.push(item)
  batch.bytes += JSON.stringify(item).length
  listen()
  if (batch.bytes > BATCH_MAX_BYTES) flushEvents()
  else batch.timer ??= clock.setTimeout(flushEvents, BATCH_FLUSH_MS)
}

/**
 * Sends the pending events now, if any. A beacon the browser refuses (or a browser without one)
 * falls back to a keepalive `fetch`; a failure is ignored, like AppKit's.
 * @internal
 */
export function flushEvents(): void {
  const sending = batch
  batch = undefined
  if (!sending) return
  if (sending.timer !== undefined) clock.clearTimeout(sending.timer)
  const body = JSON.stringify(sending.items)
  if (globalThis.navigator?.sendBeacon?.(sending.href, body)) return
  globalThis.fetch?.(sending.href, { method: 'POST', body, keepalive: true }).catch(() => undefined)
}

function listen(): void {
  if (listening || typeof document === 'undefined') return
  listening = true
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushEvents()
  })
  document.addEventListener('freeze', flushEvents)
  addEventListener('pagehide', flushEvents)
}

/** @internal Drops pending events without sending them (tests). */
export function resetEventBatch(): void {
  if (batch?.timer !== undefined) clock.clearTimeout(batch.timer)
  batch = undefined
}
