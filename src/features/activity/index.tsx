/**
 * The Account view's Activity and NFTs tabs (feature `history`). LAZY: the Account view imports
 * this chunk with `import()` when one of the tabs is chosen; loading it subscribes the activity
 * store to the core's transaction events.
 */
import { useEffect } from 'react'
import { useComputed, useSignal, useSignals } from '@preact/signals-react/runtime'
import { signal } from '@preact/signals-core'
import { featuresState } from '../../core/config/features'
import { clock } from '../../lib/clock'
import { pushView } from '../../core/modal/router'
import { getNetworkState } from '../../core/state/network'
import { Button } from '../../ui/kit/Button'
import { Placeholder } from '../../ui/kit/Placeholder'
import { Spinner } from '../../ui/kit/Spinner'
import { groupByMonth, heldNfts } from './format'
import { ActivityList, type ListFooter } from './list'
import {
  activeTarget,
  activityState,
  loadAllActivity,
  loadMoreActivity,
  openActivity,
  retryActivity,
  type ActivityTarget,
} from './store'
import { NftCard, NftGrid } from './styles'
import { translator } from '../../i18n/translate'
import activityEn from '../../i18n/messages/en/activity'
import commonEn from '../../i18n/messages/en/common'

const t = translator('activity', activityEn)
const c = translator('common', commonEn)

/** The clock the relative times count from, moved on while a tab is shown. */
const now = signal(clock.now())

/** How often '5 min ago' is brought up to date. */
const TICK_MS = 30_000

function useTicker(): void {
  useEffect(() => {
    now.value = clock.now()
    let timer = clock.setTimeout(function tick() {
      now.value = clock.now()
      timer = clock.setTimeout(tick, TICK_MS)
    }, TICK_MS)
    return () => clock.clearTimeout(timer)
  }, [])
}

function Loading({ text }: { text: string }) {
  return (
    <Placeholder stacked role="status">
      <Spinner aria-hidden="true" css={{ width: '16px', height: '16px', borderWidth: '2px' }} />
      {text}
    </Placeholder>
  )
}

function Failed({ onRetry }: { onRetry(): void }) {
  return (
    <Placeholder stacked>
      {t('fetchFailed')}
      <Button type="button" onClick={onRetry}>
        {c('retry')}
      </Button>
    </Placeholder>
  )
}

function networkName(target: ActivityTarget): string {
  return getNetworkState(target.namespace).caipNetwork.peek()?.name ?? t('thisNetwork')
}

/** The list of one account on one network. */
function ActivityContent({ target }: { target: ActivityTarget }) {
  useSignals()
  const state = activityState(target)
  const rows = useComputed(() => groupByMonth(state.value.transactionsByYear, now.value))
  const { loaded, loading, failed, next, transactions } = state.value
  if (!loaded) return <Loading text={t('loading')} />
  if (transactions.length === 0 && failed) return <Failed onRetry={() => void retryActivity(target)} />
  if (transactions.length === 0 && !loading && !next)
    return (
      <Placeholder stacked>
        {t('empty', { network: networkName(target) })}
        {featuresState.value.receive && (
          <Button type="button" onClick={() => pushView('Receive')}>
            {t('receiveFunds')}
          </Button>
        )}
      </Placeholder>
    )
  const footer: ListFooter = failed ? 'failed' : loading || next ? 'loading' : 'none'
  return (
    <ActivityList
      rows={rows.value}
      now={now.value}
      footer={footer}
      onNearEnd={() => void loadMoreActivity(target)}
      onRetry={() => void retryActivity(target)}
    />
  )
}

/**
 * The Activity tab: the active account's transactions on the active network, grouped by month,
 * newest first, loading more as the visitor scrolls.
 * @internal
 */
export function ActivityPanel() {
  useSignals()
  useTicker()
  const target = activeTarget.value
  useEffect(() => {
    if (target) openActivity(target)
  }, [target?.key])
  // Keyed: another account or network is another list, with its own scroll position.
  return target ? <ActivityContent key={target.key} target={target} /> : null
}

/** The NFTs one account holds on one network. */
function NftContent({ target }: { target: ActivityTarget }) {
  useSignals()
  const state = activityState(target)
  const nfts = useComputed(() => heldNfts(state.value.transactions))
  // Holdings add up the whole history: until every page is here, a count could still change.
  const complete = useSignal(false)
  const loadAll = () => {
    complete.value = false
    void loadAllActivity(target).finally(() => (complete.value = true))
  }
  useEffect(loadAll, [])
  if (state.value.failed) return <Failed onRetry={() => void retryActivity(target).then(loadAll)} />
  if (!complete.value) return <Loading text={t('loadingNfts')} />
  if (nfts.value.length === 0)
    return <Placeholder stacked>{t('emptyNfts', { network: networkName(target) })}</Placeholder>
  return (
    <NftGrid aria-label={t('nfts')}>
      {nfts.value.map((nft) => (
        <NftCard key={nft.key}>
          {nft.preview ? (
            <img src={nft.preview} alt="" width={96} height={96} loading="lazy" />
          ) : (
            <span data-preview="" aria-hidden="true" />
          )}
          <span title={nft.name}>{nft.name}</span>
        </NftCard>
      ))}
    </NftGrid>
  )
}

/**
 * The NFTs tab: the NFTs the active account holds on the active network, derived from its history's
 * NFT transfers (in minus out; the hosted API has no NFT route), spam hidden.
 * @internal
 */
export function NftPanel() {
  useSignals()
  const target = activeTarget.value
  return target ? <NftContent key={target.key} target={target} /> : null
}
