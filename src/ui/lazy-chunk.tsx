/**
 * How the modal loads the code it does not carry: a view, a feature's Connect section, Account tab
 * or Account section. One way for all of them: a component from its own chunk, asked for once,
 * rendered at once when already loaded (React would otherwise hold a Suspense fallback for 300 ms),
 * and asked for again after a load that failed.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react'

/** What a chunk's module gives: its component as the default export. */
export type ChunkLoader<Props> = () => Promise<{ default: ComponentType<Props> }>

/** A component from its own chunk. */
export interface LazyChunk<Props> {
  /** Loads the chunk (once), so the component renders without suspending. */
  preload(): Promise<void>
  /** The component: the loaded one, else a lazy one (the same each time, so React keeps state). */
  readonly Component: ComponentType<Props>
  /** Forgets the chunk (after a failed load), so the next render asks for it again. */
  forget(): void
}

/**
 * A component from its own chunk.
 *
 * @example
 * ```tsx
 * const Settings = lazyChunk(() => import('./settings'))
 * <ChunkSlot chunk={Settings} props={{ namespace }} />
 * ```
 */
export function lazyChunk<Props extends object = object>(load: ChunkLoader<Props>): LazyChunk<Props> {
  let loaded: ComponentType<Props> | undefined
  let lazyComponent: ComponentType<Props> | undefined
  return {
    preload: () =>
      load().then((module) => {
        loaded = module.default
      }),
    get Component() {
      return (loaded ??
        (lazyComponent ??= lazy(() =>
          load().then((module) => {
            loaded = module.default
            return module
          }),
        ))) as ComponentType<Props>
    },
    forget() {
      loaded = undefined
      lazyComponent = undefined
    },
  }
}

interface SlotProps<Props> {
  chunk: LazyChunk<Props>
  props: Props
  /** Shown while the chunk loads (nothing by default). */
  loading?: ReactNode
  /** Shown when it could not load, with `retry` to ask again (nothing by default). */
  failed?: (retry: () => void) => ReactNode
}

/**
 * Renders a chunk's component: `loading` while it loads, `failed(retry)` when its chunk did not
 * load (a flaky network, a deploy that replaced the files), so a visitor gets a retry instead of a
 * blank space.
 * @internal
 */
export function ChunkSlot<Props extends object>({ chunk, props, loading, failed }: SlotProps<Props>) {
  const View = chunk.Component as ComponentType<Props>
  return (
    <ChunkBoundary forget={chunk.forget} failed={failed}>
      <Suspense fallback={loading ?? null}>
        <View {...props} />
      </Suspense>
    </ChunkBoundary>
  )
}

interface BoundaryProps {
  forget: () => void
  failed: ((retry: () => void) => ReactNode) | undefined
  children: ReactNode
}

class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      this.props.failed?.(() => {
        this.props.forget()
        this.setState({ failed: false })
      }) ?? null
    )
  }
}
