// A stand-in for the secure frame in happy-dom: an iframe-like element whose window records what
// the widget posts and answers through real `message` events (origin and source set as a browser
// sets them), plus strangers that post from elsewhere.
import './dom'

export const FRAME_ORIGIN = 'https://secure.example.org'

/** A message the widget posted, with the target origin it gave. */
export interface Posted {
  message: { type: string; id?: string; payload?: any }
  targetOrigin: string
}

/** What the fake frame does with each app event; return a reply, or undefined to stay silent. */
export type Answer = (message: Posted['message']) => { type?: string; payload?: unknown } | undefined | void

export interface FakeFrame {
  element: HTMLIFrameElement
  window: { postMessage(message: unknown, targetOrigin: string): void }
  posted: Posted[]
  /** Posts a frame event as the frame itself would. */
  send(data: unknown, init?: { origin?: string; source?: unknown }): void
  /** Posts READY. */
  ready(): void
  /** The frame's page reloads: the element fires `load` (the new page's READY is the test's to send). */
  load(): void
  /** Answers app events from now on (default: stay silent). */
  answer: Answer
}

/** A window that is not the frame's (another iframe, an opener, a popup). */
export const stranger = { postMessage() {} }

export function fakeFrame(): FakeFrame {
  const posted: Posted[] = []
  const frameWindow = {
    postMessage(message: unknown, targetOrigin: string) {
      const entry = { message: message as Posted['message'], targetOrigin }
      posted.push(entry)
      const reply = fake.answer(entry.message)
      if (!reply) return
      const name = entry.message.type.replace('@w3m-app/', '')
      queueMicrotask(() =>
        fake.send({
          type: reply.type ?? `@w3m-frame/${name}_SUCCESS`,
          id: entry.message.id,
          ...(reply.payload === undefined ? {} : { payload: reply.payload }),
        }),
      )
    },
  }
  // An EventTarget, as the element is: the transport listens to its `load` (a new page in the frame).
  const element = Object.assign(new EventTarget(), {
    contentWindow: frameWindow,
    remove() {},
    style: {},
  }) as unknown as HTMLIFrameElement
  const fake: FakeFrame = {
    element,
    window: frameWindow,
    posted,
    answer: () => undefined,
    send(data, init = {}) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data,
          origin: init.origin ?? FRAME_ORIGIN,
          source: (init.source ?? frameWindow) as MessageEventSource,
        }),
      )
    },
    ready() {
      fake.send({ type: '@w3m-frame/READY', payload: { version: '4' } })
    },
    load() {
      element.dispatchEvent(new Event('load'))
    },
  }
  return fake
}

/** Lets queued microtasks (replies) run. */
export async function flush(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve()
}
