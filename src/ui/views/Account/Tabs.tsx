import type { AccountTab, ChainNamespace } from '../../../core/types'
import { TokenList } from './Tokens'
import { Tab, TabList } from './styles'

/**
 * Tabs shown so far. NFTs and Activity arrive with their features; with more than one tab, arrow
 * keys will move between them (WAI-ARIA tabs pattern).
 */
const TABS: readonly AccountTab[] = ['Tokens']

/**
 * The account's assets, by tab.
 * @internal
 */
export function AccountTabs({ namespace }: { namespace: ChainNamespace }) {
  const selected: AccountTab = 'Tokens'
  return (
    <div>
      <TabList role="tablist" aria-label="Assets">
        {TABS.map((tab) => (
          <Tab
            key={tab}
            type="button"
            role="tab"
            id={`sk-tab-${tab}`}
            aria-selected={tab === selected}
            aria-controls={`sk-panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
          >
            {tab}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={`sk-panel-${selected}`} aria-labelledby={`sk-tab-${selected}`}>
        <TokenList namespace={namespace} />
      </div>
    </div>
  )
}
