/**
 * The transport to the secure frame: the iframe, READY, requests correlated by id, timeouts and
 * aborts (EMBEDDED-FRAME.md §1-§6). Stricter than AppKit's client: messages are posted only to
 * the frame's exact origin, and a message is read only when it comes from that origin AND from
 * the iframe's own window; everything else claiming to be the frame is dropped and counted. Ids
 * are random UUIDs, and only replies to a pending request are used (no broadcast listeners), so
 * another window cannot answer a request or push a user into the page.
 *
 * The frame can reload (the secure site navigating itself, a crashed frame reloaded, the element's
 * `src` set again): its new page knows nothing of the old one's requests and never answers them.
 * A new page shows as the iframe's `load` event or a new READY, whichever comes first; the
 * requests still waiting then reject with {@link FrameReloadedError}, the new page gets the same
 * READY + 500 ms before anything is posted to it, an approval the new page may have caught on the
 * way is ended with RPC_ABORT, and `onReload` lets the session redo its handshake.
 * @internal
 */
import { randomId } from '../../lib/ids'
import { clock, type TimerHandle } from '../../lib/clock'
import { isRecord } from '../../lib/validate'
import {
  APP_PREFIX,
  FRAME_PREFIX,
  FRAME_TEXTS,
  FRAME_TIMING,
  TIMED_REQUESTS,
  errorMessage,
  type ReplyValidator,
} from './protocol'

/** Why the frame gave up: the analytics event and the alert it opens. @internal */
export type FrameTimeoutReason = 'iframe_load_failed' | 'iframe_request_timeout'

/** An error the frame answered with (`…_ERROR { message }`). @internal */
export class FrameError extends Error {
  override name = 'FrameError'
}

/** A frame that did not answer in time. @internal */
export class FrameTimeoutError extends Error {
  override name = 'FrameTimeoutError'
  constructor(readonly reason: FrameTimeoutReason) {
    super(reason === 'iframe_load_failed' ? 'Network Error: Wallet Load Failed' : 'Wallet Request Timeout')
  }
}

/**
 * The frame reloaded before it answered: its new page never will. The request was lost, not
 * refused; it can be sent again. @internal
 */
export class FrameReloadedError extends Error {
  override name = 'FrameReloadedError'
  constructor() {
    super(FRAME_TEXTS.reloaded)
  }
}

/** Options of {@link createFrameClient}. @internal */
export interface FrameClientOptions {
  /** The frame page, `${secureSite}/sdk?projectId=…`. */
  url: string
  /** The frame's exact origin: the only target of posts and the only origin read from. */
  origin: string
  /** An element already in the page (tests); default a new iframe appended to `document.body`. */
  element?: HTMLIFrameElement
  /** Called when the load or a connect request times out (before the request rejects). */
  onTimeout?(reason: FrameTimeoutReason, error: FrameTimeoutError): void
  /** Called with every ERROR reply's message (before the request rejects with it). */
  onErrorReply?(message: string): void
  /** Called once the frame's new page is ready after a reload (READY + 500 ms): the session's turn. */
  onReload?(): void
}

/** Options of one request. @internal */
export interface FrameRequestOptions {
  /** Ends the request early: it rejects with 'Request was aborted' (RPC) or 'Something went wrong'. */
  signal?: AbortSignal
}

/** What was refused on the wire, for tests and debugging. @internal */
export interface FrameStats {
  /** Messages claiming to be the frame's that came from another origin or another window. */
  dropped: number
  /** Messages from the frame itself that were not a valid reply to a pending request. */
  malformed: number
}

/** The transport to one secure frame. @internal */
export interface FrameClient {
  /** The iframe (hidden; ApproveTransaction positions and shows it). */
  readonly element: HTMLIFrameElement
  readonly stats: FrameStats
  /**
   * Resolves once the frame said READY and 500 ms passed; rejects when it never did. After a
   * reload, the new page's readiness.
   */
  ready(): Promise<void>
  /** Posts `@w3m-app/<type>` and resolves with its validated `…_SUCCESS` payload. */
  request<T>(type: string, payload: unknown, validate: ReplyValidator<T>, options?: FrameRequestOptions): Promise<T>
  /**
   * Posts `@w3m-app/<type>` without waiting (RPC_ABORT: the hosted frame never answers it); a
   * reply, if one comes, is read and ignored.
   */
  notify(type: string, payload?: unknown): void
  /** Number of requests waiting for their reply. */
  pending(): number
  /** Stops listening, rejects what is pending and removes the iframe. */
  destroy(): void
}

interface Pending {
  type: string
  resolve(value: unknown): void
  reject(error: Error): void
  validate: ReplyValidator<unknown>
  cleanup(): void
}

/**
 * Creates the iframe (hidden) and its transport; the load timer starts at once.
 *
 * @example
 * ```ts
 * const frame = createFrameClient({ url: `${secureSite}/sdk?projectId=p&chainId=eip155%3A1&version=4`, origin: secureSite })
 * const user = await frame.request('GET_USER', { chainId: 'eip155:1' }, frameUser)
 * ```
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const { origin } = options
  const stats: FrameStats = { dropped: 0, malformed: 0 }
  const pending = new Map<string, Pending>()
  const notified = new Set<string>()
  let failure: Error | undefined
  // The frame's pages so far (the first, then one per reload), and what each has shown of itself:
  // every page fires one `load` on the element and posts one READY, in either order.
  let pages = 1
  let loads = 0
  let readies = 0
  // The current page's READY came (its requests are posted once 500 ms more have passed).
  let readyFired = false
  // The last reload lost an RPC request: the new page may have caught it on the way and show it for
  // approval to nobody waiting (RPC_ABORT ends it).
  let lostToReload = false

  const element = options.element ?? document.createElement('iframe')
  let settleReady!: (error?: Error) => void
  let readyPromise!: Promise<void>
  let readySettled = false
  const awaitReady = () => {
    readySettled = false
    readyPromise = new Promise<void>((resolve, reject) => {
      settleReady = (error) => {
        readySettled = true
        if (error) reject(error)
        else resolve()
      }
    })
    // A rejection nobody awaited yet must not be reported as unhandled; request() still sees it.
    readyPromise.catch(() => undefined)
  }
  awaitReady()

  const fail = (error: Error) => {
    if (failure) return
    failure = error
    clock.clearTimeout(loadTimer)
    settleReady(error)
    for (const entry of [...pending.values()]) entry.reject(error)
  }

  // The page must say READY within 20 s: the first one, and each one after a reload.
  const startLoadTimer = () =>
    clock.setTimeout(() => {
      const error = new FrameTimeoutError('iframe_load_failed')
      options.onTimeout?.('iframe_load_failed', error)
      fail(error)
    }, FRAME_TIMING.loadTimeoutMs)
  let loadTimer: TimerHandle = startLoadTimer()

  /** A new page is in the frame (seen by its `load` or its READY): the old page's requests are lost. */
  const newPage = () => {
    pages++
    readyFired = false
    notified.clear()
    // Requests waiting for the old page's readiness (it never came) wait for the new page's.
    if (readySettled) awaitReady()
    clock.clearTimeout(loadTimer)
    loadTimer = startLoadTimer()
    const lost = [...pending.values()]
    lostToReload ||= lost.some((entry) => entry.type === 'RPC_REQUEST')
    for (const entry of lost) entry.reject(new FrameReloadedError())
  }

  const onLoad = () => {
    loads++
    // A load before its page's READY: that page is new (the first page's own load aside).
    if (!failure && loads > pages) newPage()
  }

  const onReady = () => {
    readies++
    if (readies > pages) newPage()
    readyFired = true
    clock.clearTimeout(loadTimer)
    const reloaded = pages > 1
    const page = pages
    // The frame finishes its own start-up after announcing itself (EMBEDDED-FRAME.md §1.4).
    clock.setTimeout(() => {
      if (failure || page !== pages) return
      if (reloaded && lostToReload) {
        lostToReload = false
        notifyFrame('RPC_ABORT')
      }
      settleReady()
      if (reloaded) options.onReload?.()
    }, FRAME_TIMING.readySettleMs)
  }

  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data
    const claimsFrame = isRecord(data) && typeof data['type'] === 'string' && data['type'].startsWith(FRAME_PREFIX)
    const frameWindow = element.contentWindow
    if (event.origin !== origin || !frameWindow || event.source !== frameWindow) {
      // Not from the frame. Only messages pretending to be its are counted: the page has others.
      if (claimsFrame) stats.dropped++
      return
    }
    if (!claimsFrame) return void stats.malformed++
    const type = data['type'] as string
    if (type === `${FRAME_PREFIX}READY`) {
      if (!isRecord(data['payload']) || failure) return void stats.malformed++
      return onReady()
    }
    const id = data['id']
    if (typeof id === 'string' && notified.delete(id)) return
    const entry = typeof id === 'string' ? pending.get(id) : undefined
    if (!entry) return void stats.malformed++
    if (type === `${FRAME_PREFIX}${entry.type}_SUCCESS`) {
      let value: unknown
      try {
        value = entry.validate(data['payload'])
      } catch (error) {
        stats.malformed++
        return entry.reject(error as Error)
      }
      entry.resolve(value)
    } else if (type === `${FRAME_PREFIX}${entry.type}_ERROR`) {
      const message = errorMessage(data['payload'])
      options.onErrorReply?.(message)
      entry.reject(new FrameError(message))
    } else {
      stats.malformed++
      entry.reject(new Error(FRAME_TEXTS.invalidReply))
    }
  }

  globalThis.addEventListener('message', onMessage)
  element.addEventListener('load', onLoad)
  if (!options.element) {
    element.id = 'w3m-iframe'
    element.name = 'w3m-secure-iframe'
    element.title = 'Secure wallet'
    element.style.cssText = 'position:fixed;display:none;border:none;z-index:999999'
    element.onerror = () => fail(new Error(FRAME_TEXTS.loadError))
    element.src = options.url
    document.body.append(element)
  }

  /** Posts without waiting for a reply (read and ignored if one comes). */
  function notifyFrame(type: string, payload?: unknown): void {
    const id = randomId()
    notified.add(id)
    post(payload === undefined ? { type: `${APP_PREFIX}${type}`, id } : { type: `${APP_PREFIX}${type}`, id, payload })
  }

  function post(message: Record<string, unknown>): void {
    const target = element.contentWindow
    if (!target) throw new Error(FRAME_TEXTS.noFrame)
    // Never '*': if the frame were navigated elsewhere, nothing would reach the new page.
    target.postMessage(message, origin)
  }

  async function request<T>(
    type: string,
    payload: unknown,
    validate: ReplyValidator<T>,
    { signal }: FrameRequestOptions = {},
  ): Promise<T> {
    if (failure) throw failure
    const aborted = () => new Error(type === 'RPC_REQUEST' ? FRAME_TEXTS.aborted : FRAME_TEXTS.abortedOther)
    if (signal?.aborted) throw aborted()
    await readyPromise
    if (signal?.aborted) throw aborted()
    return new Promise<T>((resolve, reject) => {
      const id = randomId()
      let timer: TimerHandle | undefined
      const onAbort = () => entry.reject(aborted())
      const entry: Pending = {
        type,
        validate,
        cleanup() {
          pending.delete(id)
          if (timer !== undefined) clock.clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        },
        resolve(value) {
          entry.cleanup()
          resolve(value as T)
        },
        reject(error) {
          entry.cleanup()
          reject(error)
        },
      }
      pending.set(id, entry)
      signal?.addEventListener('abort', onAbort)
      if (TIMED_REQUESTS.has(type)) {
        timer = clock.setTimeout(() => {
          const error = new FrameTimeoutError('iframe_request_timeout')
          options.onTimeout?.('iframe_request_timeout', error)
          entry.reject(error)
        }, FRAME_TIMING.requestTimeoutMs)
      }
      try {
        post(
          payload === undefined ? { type: `${APP_PREFIX}${type}`, id } : { type: `${APP_PREFIX}${type}`, id, payload },
        )
      } catch (error) {
        entry.reject(error as Error)
      }
    })
  }

  return {
    element,
    stats,
    ready: () => readyPromise,
    request,
    notify(type, payload) {
      if (failure || !readyFired) return
      notifyFrame(type, payload)
    },
    pending: () => pending.size,
    destroy() {
      globalThis.removeEventListener('message', onMessage)
      element.removeEventListener('load', onLoad)
      fail(new Error(FRAME_TEXTS.noFrame))
      element.remove()
    },
  }
}
