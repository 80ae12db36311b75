import type { KeyboardEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { signal } from '@preact/signals-core'
import { featuresState } from '../../../core/config/features'
import type { AccountTab, ChainNamespace } from '../../../core/types'
import { FEATURES } from '../../../features'
import { ChunkSlot, lazyChunk } from '../../lazy-chunk'
import { Button } from '../../kit/Button'
import { Placeholder } from '../../kit/Placeholder'
import { Spinner } from '../../kit/Spinner'
import { TokenList } from './Tokens'
import { Tab, TabList } from './styles'
import { translator } from '../../../i18n/translate'
import accountEn from '../../../i18n/messages/en/account'
import modalEn from '../../../i18n/messages/en/modal'
import commonEn from '../../../i18n/messages/en/common'

const t = translator('account', accountEn)

/** Each tab's text. */
const TAB_LABELS = { Tokens: 'tokens', NFTs: 'nfts', Activity: 'activity' } as const satisfies Record<
  AccountTab,
  keyof typeof accountEn
>
const m = translator('modal', modalEn)
const c = translator('common', commonEn)

/** The features' tabs (NFTs and Activity, from the history route), each from its chunk. */
const FEATURE_TABS = FEATURES.flatMap((feature) => feature.accountTabs ?? []).map((entry) => ({
  ...entry,
  chunk: lazyChunk(entry.load),
}))

/** The chosen tab; kept while the page lives, so reopening the Account view shows the same one. */
const selectedTab = signal<AccountTab>('Tokens')

/** A feature's tab panel from its chunk, with a spinner meanwhile and a retry on failure. */
function FeaturePanel({ entry }: { entry: (typeof FEATURE_TABS)[number] }) {
  return (
    <ChunkSlot
      chunk={entry.chunk}
      props={{}}
      loading={
        <Placeholder role="status">
          <Spinner aria-hidden="true" css={{ width: '16px', height: '16px', borderWidth: '2px' }} />
          {m('loadingView')}
        </Placeholder>
      }
      failed={(retry) => (
        <Placeholder>
          {t('tabFailed', { subject: t(TAB_LABELS[entry.tab]) })}
          <Button type="button" onClick={retry}>
            {c('retry')}
          </Button>
        </Placeholder>
      )}
    />
  )
}

/**
 * The account's assets, by tab (WAI-ARIA tabs: the chosen tab is the one Tab stop, arrow keys,
 * Home and End move between tabs and choose them).
 * @internal
 */
export function AccountTabs({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const features = featuresState.value
  const shownTabs = FEATURE_TABS.filter((entry) => features[entry.flag])
  const tabs: AccountTab[] = ['Tokens', ...shownTabs.map((entry) => entry.tab)]
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
      <TabList role="tablist" aria-label={t('assets')} onKeyDown={onKeyDown}>
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
            // A feature's chunk starts loading on intent, so the panel is usually there on click.
            onPointerEnter={() => preloadTab(tab)}
            onFocus={() => preloadTab(tab)}
          >
            {t(TAB_LABELS[tab])}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={`sk-panel-${selected}`} aria-labelledby={`sk-tab-${selected}`}>
        {selected === 'Tokens' ? (
          <TokenList namespace={namespace} />
        ) : (
          shownTabs
            .filter((entry) => entry.tab === selected)
            .map((entry) => <FeaturePanel key={entry.tab} entry={entry} />)
        )}
      </div>
    </div>
  )
}

function preloadTab(tab: AccountTab): void {
  void FEATURE_TABS.find((entry) => entry.tab === tab)
    ?.chunk.preload()
    .catch(() => undefined)
}

/** @internal Back to the Tokens tab (tests). */
export function resetAccountTab(): void {
  selectedTab.value = 'Tokens'
}
