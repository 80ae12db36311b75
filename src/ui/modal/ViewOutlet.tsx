import { Component, Suspense, type ReactNode } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { currentView } from '../../core/modal/router'
import type { ViewName } from '../../core/types'
import { forgetLazyView, getView } from '../views/registry'
import { Spinner } from '../kit/Spinner'
import { fadeIn, styled } from '../theme/stitches'
import { ANIMATION_MS } from '../../core/constants'

const Centered = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  minHeight: '120px',
  color: '$textMuted',
  fontSize: '$md',
  textAlign: 'center',
})

/** Each view fades in as it replaces the last. */
const ViewFrame = styled('div', { paddingBottom: '$4', animation: `${fadeIn} ${ANIMATION_MS.viewTransition}ms ease` })

const RetryButton = styled('button', {
  padding: '$2 $4',
  borderRadius: '$full',
  background: '$accent',
  color: '$accentText',
})

function Loading() {
  return (
    <Centered role="status">
      <Spinner aria-hidden="true" />
      <span>Loading…</span>
    </Centered>
  )
}

interface BoundaryState {
  failed: boolean
}

/**
 * A view chunk can fail to load (flaky network, a deploy replaced the files). The visitor gets a
 * retry instead of a blank modal. Keyed by view, so navigating away starts afresh.
 */
class ViewErrorBoundary extends Component<{ children: ReactNode; view: ViewName }, BoundaryState> {
  override state: BoundaryState = { failed: false }
  static getDerivedStateFromError(): BoundaryState {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Centered role="alert">
        <span>This view could not be loaded.</span>
        <RetryButton
          type="button"
          onClick={() => {
            forgetLazyView(this.props.view)
            this.setState({ failed: false })
          }}
        >
          Try again
        </RetryButton>
      </Centered>
    )
  }
}

/**
 * Renders the router's current view from its lazy chunk.
 * @internal
 */
export function ViewOutlet() {
  useSignals()
  const view = currentView.value
  const View = getView(view)
  return (
    <ViewFrame key={view}>
      <ViewErrorBoundary view={view}>
        <Suspense fallback={<Loading />}>
          <View />
        </Suspense>
      </ViewErrorBoundary>
    </ViewFrame>
  )
}
