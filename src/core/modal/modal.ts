/**
 * The modal's open/close lifecycle (its state is `state.ts`). Core never imports UI: the UI
 * registers a renderer (how to load and mount itself) and core awaits it on open.
 */
import { batch } from '@preact/signals-core'
import { modalSignals, modalState } from './state'
import { activeNamespace, isConnected } from '../state/account'
import { clock } from '../../lib/clock'
import type { TimerHandle } from '../../lib/clock'
import { MODAL_SHAKE_MS } from '../constants'
import { sendEvent } from '../analytics'
import { getNetworkState, setActiveCaipNetwork } from '../state/network'
import { resetView } from './history'
import type { ChainNamespace, ViewName } from '../types'
import { log } from '../../lib/logger'

export { modalState, type ModalSignals } from './state'

// Written only here; everyone else reads `modalState` (writing `open` directly would skip the
// close guards).
const { open, loading, shake, embedded } = modalSignals

/** Options of {@link openModal}. */
export interface OpenModalOptions {
  /** View to open at; default Connect, or Account when connected. */
  view?: ViewName
  data?: Record<string, unknown>
  /** AppKit's name for `data`, e.g. the swap arguments `{ fromToken, toToken, amount }`. */
  arguments?: Record<string, unknown>
  /** Make this namespace active first (e.g. to connect a Solana wallet). */
  namespace?: ChainNamespace
}

type Task = () => Promise<void> | void

let renderer: (() => Promise<void> | void) | undefined
let preloader: (() => Promise<unknown>) | undefined
let preloading: Promise<unknown> | undefined
let pendingFirstOpenTasks: Task[] = []
let firstOpenRuns: Promise<unknown> = Promise.resolve()
const closeGuards = new Set<() => boolean>()
let shakeTimer: TimerHandle | undefined

/**
 * Registers how the UI loads and mounts itself; awaited by every {@link openModal}. `render` may
 * finish synchronously (its code already loaded), so the modal renders in the opening task.
 * `preload`, when given, fetches what the first open needs without showing anything
 * ({@link preloadModal}).
 *
 * @example
 * ```ts
 * const load = () => import('../../ui/modal/mount')
 * setModalRenderer(() => load().then((ui) => ui.mountModal()), load)
 * ```
 */
export function setModalRenderer(render: () => Promise<void> | void, preload?: () => Promise<unknown>): void {
  renderer = render
  preloader = preload
}

/**
 * Fetches the modal's first-open code ahead of the click (page idle, the button hovered, focused or
 * touched). Once per page; a failed load is forgotten so the click tries again.
 *
 * @example
 * ```ts
 * button.addEventListener('pointerenter', preloadModal)
 * ```
 */
export function preloadModal(): void {
  preloading ??= preloader?.().catch(() => (preloading = undefined))
}

/**
 * Registers work for the first open after registration (e.g. fetching remote config): it runs once,
 * in the background, so the modal appears without waiting for it. Failures are logged.
 *
 * @example
 * ```ts
 * onFirstOpen(async () => (await import('../config/remote-config')).loadRemoteConfig())
 * ```
 */
export function onFirstOpen(task: Task): void {
  pendingFirstOpenTasks.push(task)
}

/**
 * Resolves when every first-open task started so far has settled.
 *
 * @example
 * ```ts
 * await openModal(); await whenFirstOpenTasksSettled()
 * ```
 */
export function whenFirstOpenTasksSettled(): Promise<void> {
  return firstOpenRuns.then(() => undefined)
}

function runFirstOpenTasks(): void {
  const tasks = pendingFirstOpenTasks
  pendingFirstOpenTasks = []
  if (tasks.length === 0) return
  const runs = tasks.map((task) =>
    Promise.resolve()
      .then(task)
      .catch((error) => log('error', 'first-open task failed', error)),
  )
  firstOpenRuns = Promise.all([firstOpenRuns, ...runs])
}

function activateNamespace(namespace: ChainNamespace): void {
  const state = getNetworkState(namespace)
  const network = state.caipNetwork.peek() ?? state.requestedCaipNetworks.peek()[0]
  if (network) setActiveCaipNetwork(network)
  else activeNamespace.value = namespace
}

/**
 * Opens the modal at a view (default Connect, or Account when connected), runs pending first-open
 * tasks, and resolves once the UI renderer has finished. If the renderer fails the modal is marked
 * closed again and the error is rethrown.
 *
 * @example
 * ```ts
 * await openModal({ view: 'SwitchNetwork' })
 * ```
 */
export async function openModal(options: OpenModalOptions = {}): Promise<void> {
  batch(() => {
    if (options.namespace) activateNamespace(options.namespace)
    resetView(options.view ?? (isConnected.peek() ? 'Account' : 'Connect'), options.data ?? options.arguments)
    open.value = true
  })
  sendEvent({ type: 'track', event: 'MODAL_OPEN', properties: { connected: isConnected.peek() } })
  try {
    await render()
  } catch (error) {
    open.value = false
    throw error
  }
}

/** Runs pending first-open tasks and the UI renderer. */
async function render(): Promise<void> {
  runFirstOpenTasks()
  await renderer?.()
}

/** Where an embedded modal rests: Account when connected, else Connect. */
function resetToHome(): void {
  resetView(isConnected.peek() ? 'Account' : 'Connect')
}

/**
 * Closes the modal unless a close guard refuses; then it shakes instead.
 *
 * @returns whether the modal is closed afterwards.
 * @example
 * ```ts
 * if (!closeModal()) console.log('sign-in is required')
 * ```
 */
export function closeModal(): boolean {
  if (!modalState.open.peek()) return true
  for (const guard of closeGuards) {
    let allowed = true
    try {
      allowed = guard()
    } catch (error) {
      // A broken guard must not trap the user inside the modal.
      log('error', 'close guard failed', error)
    }
    if (!allowed) {
      shakeModal()
      return false
    }
  }
  batch(() => {
    open.value = false
    loading.value = false
    // Inline, the modal stays on the page: closing brings it back to where it rests.
    if (embedded.peek()) resetToHome()
  })
  sendEvent({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: isConnected.peek() } })
  return true
}

/**
 * Adds a check run before closing; returning false keeps the modal open (e.g. required sign-in).
 *
 * @returns a function that removes the guard.
 * @example
 * ```ts
 * const remove = addCloseGuard(() => !siwxRequired || hasSession())
 * ```
 */
export function addCloseGuard(guard: () => boolean): () => void {
  closeGuards.add(guard)
  return () => {
    closeGuards.delete(guard)
  }
}

/**
 * Shakes the modal for MODAL_SHAKE_MS; a new shake restarts the time.
 *
 * @example
 * ```ts
 * shakeModal()
 * ```
 */
export function shakeModal(): void {
  if (shakeTimer !== undefined) clock.clearTimeout(shakeTimer)
  shake.value = true
  shakeTimer = clock.setTimeout(() => {
    shakeTimer = undefined
    shake.value = false
  }, MODAL_SHAKE_MS)
}

/**
 * Shows or hides the modal's loading state.
 *
 * @example
 * ```ts
 * setModalLoading(true)
 * ```
 */
export function setModalLoading(value: boolean): void {
  loading.value = value
}

/**
 * Switches embedded (inline) mode, `createAppKit`'s `enableEmbedded`: the modal renders inside the
 * page's `<appkit-modal>` element, in the page's flow, from now on (its code loads now), resting on
 * Connect or Account; opening and closing move between views instead of showing and hiding it.
 * Turned off, it is the overlay again.
 *
 * @returns once the modal is rendered.
 * @example
 * ```ts
 * await setEmbedded(true)
 * ```
 */
export async function setEmbedded(value: boolean): Promise<void> {
  batch(() => {
    embedded.value = value
    if (value && !open.peek()) resetToHome()
  })
  if (value) await render()
}

/** @internal Back to a closed modal with no renderer, guards or tasks (tests). */
export function resetModal(): void {
  renderer = undefined
  preloader = undefined
  preloading = undefined
  pendingFirstOpenTasks = []
  firstOpenRuns = Promise.resolve()
  closeGuards.clear()
  if (shakeTimer !== undefined) clock.clearTimeout(shakeTimer)
  shakeTimer = undefined
  batch(() => {
    open.value = false
    loading.value = false
    shake.value = false
    embedded.value = false
  })
}
