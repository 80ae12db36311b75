import { useEffect, type KeyboardEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { signal } from '@preact/signals-core'
import { featuresState } from '../../../core/config/features'
import type { AccountTab, ChainNamespace, ResolvedFeatures } from '../../../core/types'
import { Button } from '../../kit/Button'
import { Placeholder } from '../../kit/Placeholder'
import { Spinner } from '../../kit/Spinner'
import { TokenList } from './Tokens'
import { Tab, TabList } from './styles'

/**
 * The tabs in SPEC §2's order, with the feature that must be on for each: NFTs and Activity both
 * come from the history route (feature `history`).
 */
const TABS: readonly { tab: AccountTab; feature?: keyof ResolvedFeatures }[] = [
  { tab: 'Tokens' },
  { tab: 'NFTs', feature: 'history' },
  { tab: 'Activity', feature: 'history' },
]

/** The chosen tab; kept while the page lives, so reopening the Account view shows the same one. */
const selectedTab = signal<AccountTab>('Tokens')

type ActivityModule = typeof import('../../../features/activity')

/** The Activity and NFTs tabs' chunk, once loaded (or the error that stopped it). */
const activityModule = signal<ActivityModule | Error | undefined>(undefined)
let activityLoad: Promise<unknown> | undefined

/** Loads the Activity and NFTs chunk once (again after a failure); hovering a tab starts it early. */
function loadActivity(): void {
  if (activityLoad) return
  activityLoad = import('../../../features/activity').then(
    (module) => (activityModule.value = module),
    (error: unknown) => {
      activityLoad = undefined
      activityModule.value = error instanceof Error ? error : new Error(String(error))
    },
  )
}

/** The NFTs or Activity panel from its lazy chunk, with a spinner meanwhile and a retry on failure. */
function HistoryPanel({ tab }: { tab: 'NFTs' | 'Activity' }) {
  useSignals()
  useEffect(loadActivity, [])
  const module = activityModule.value
  if (module instanceof Error)
    return (
      <Placeholder>
        Could not load {tab === 'NFTs' ? 'NFTs' : 'activity'}
        <Button type="button" onClick={loadActivity}>
          Retry
        </Button>
      </Placeholder>
    )
  if (!module)
    return (
      <Placeholder role="status">
        <Spinner aria-hidden="true" css={{ width: '16px', height: '16px', borderWidth: '2px' }} />
        Loading…
      </Placeholder>
    )
  return tab === 'NFTs' ? <module.NftPanel /> : <module.ActivityPanel />
}

/**
 * The account's assets, by tab (WAI-ARIA tabs: the chosen tab is the one Tab stop, arrow keys,
 * Home and End move between tabs and choose them).
 * @internal
 */
export function AccountTabs({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const features = featuresState.value
  const tabs = TABS.filter(({ feature }) => !feature || features[feature]).map(({ tab }) => tab)
  // A tab whose feature was switched off (remote config) falls back to Tokens.
  const selected = tabs.includes(selectedTab.value) ? selectedTab.value : 'Tokens'

  function choose(tab: AccountTab, focus: HTMLElement | null): void {
    selectedTab.value = tab
    focus?.parentElement?.querySelector<HTMLElement>(`#sk-tab-${tab}`)?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = tabs.indexOf(selected)
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    choose(tabs[target]!, event.target as HTMLElement)
  }

  return (
    <div>
      <TabList role="tablist" aria-label="Assets" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Tab
            key={tab}
            type="button"
            role="tab"
            id={`sk-tab-${tab}`}
            aria-selected={tab === selected}
            aria-controls={`sk-panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => (selectedTab.value = tab)}
            // The history chunk starts loading on intent, so the panel is usually there on click.
            onPointerEnter={tab === 'Tokens' ? undefined : loadActivity}
            onFocus={tab === 'Tokens' ? undefined : loadActivity}
          >
            {tab}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={`sk-panel-${selected}`} aria-labelledby={`sk-tab-${selected}`}>
        {selected === 'Tokens' ? <TokenList namespace={namespace} /> : <HistoryPanel key={selected} tab={selected} />}
      </div>
    </div>
  )
}

/** @internal Back to the Tokens tab (tests). */
export function resetAccountTab(): void {
  selectedTab.value = 'Tokens'
}
