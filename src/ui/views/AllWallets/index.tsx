import { useEffect, useId, useMemo, useState } from 'react'
import { effect } from '@preact/signals-core'
import { useSignals } from '@preact/signals-react/runtime'
import { clock } from '../../../lib/clock'
import { WALLET_LIST } from '../../../core/constants'
import { connectorsState } from '../../../core/state/connectors'
import { requestedNetworks } from '../../../core/state/network'
import { pushView } from '../../../core/modal/router'
import { Button } from '../../kit/Button'
import { Spinner } from '../../kit/Spinner'
import { ViewBody } from '../../kit/ViewBody'
import {
  arrangeWallets,
  getWalletLists,
  walletSource,
  type PagedWallets,
  type SearchResult,
  type WalletEntry,
} from '../../../headless/wallet-list'
import { Notice, SearchInput, Summary, VisuallyHidden } from './styles'
import { VirtualList } from './VirtualList'
import { openOnPhone, preparePairingAfterPaint } from '../../../headless/phone-wallets'
import { translator } from '../../../i18n/translate'
import allWalletsEn from '../../../i18n/messages/en/allWallets'
import commonEn from '../../../i18n/messages/en/common'
import connectEn from '../../../i18n/messages/en/connect'

const t = translator('allWallets', allWalletsEn)
const c = translator('common', commonEn)
const w = translator('connect', connectEn)

/** The rows a phone shows first (four columns, three rows): their logos paint before the pairing starts. */
const FIRST_ROWS = 12

function select(entry: WalletEntry): void {
  if (entry.connector) pushView('ConnectingExternal', { connectorId: entry.connector.id })
  else {
    // On a phone the wallet opens in this same tap; the view then waits for its answer.
    openOnPhone(entry.wallet)
    pushView('ConnectingWalletConnect', { wallet: entry.wallet })
  }
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice role="alert">
      <span>{t('loadFailed')}</span>
      <Button type="button" onClick={onRetry}>
        {c('tryAgain')}
      </Button>
    </Notice>
  )
}

/** Shown while a search is on its way, in place of what the list says otherwise. */

function PagedList({
  list,
  imageUrl,
  busy,
}: {
  list: PagedWallets
  imageUrl: (imageId: string) => string
  /** A search is on its way: the list stays as it is until the results replace it. */
  busy: boolean
}) {
  useSignals()
  const featured = list.featured.value
  const rest = list.rest.value
  const connectors = connectorsState.value
  // With no featured wallets, the API's first few are its recommendation.
  const recommended = new Set(
    featured.length === 0 ? rest.slice(0, WALLET_LIST.recommended).map((wallet) => wallet.id) : [],
  )
  // Cheap enough to redo per render: this component renders when a page arrives, not on scroll.
  const entries = arrangeWallets([...featured, ...rest], connectors, recommended)
  const status = list.status.value
  const total = list.total.value
  return (
    <>
      <Summary role="status">
        {busy
          ? t('searching')
          : total === undefined
            ? status === 'error'
              ? ''
              : t('loading')
            : t('count', { count: total })}
      </Summary>
      {entries.length > 0 && (
        <VirtualList
          entries={entries}
          total={total ?? 0}
          label={w('wallets')}
          busy={busy}
          imageUrl={imageUrl}
          onSelect={select}
          onNearEnd={list.loadMore}
        />
      )}
      {status === 'loading' && entries.length === 0 && (
        <Notice>
          <Spinner aria-hidden="true" />
        </Notice>
      )}
      {status === 'error' && <LoadError onRetry={list.retry} />}
    </>
  )
}

function SearchResults({
  search,
  busy,
  imageUrl,
  onRetry,
}: {
  search: SearchResult
  /** Another search is on its way: these results stay until its own replace them. */
  busy: boolean
  imageUrl: (imageId: string) => string
  onRetry: () => void
}) {
  useSignals()
  const connectors = connectorsState.value
  const entries = arrangeWallets(search.wallets, connectors)
  const status = search.status
  const summary = busy
    ? t('searching')
    : status === 'error'
      ? ''
      : entries.length === 0
        ? t('noneFound')
        : t('found', { count: entries.length })
  return (
    <>
      <Summary role="status">{summary}</Summary>
      {status === 'done' && entries.length > 0 && (
        // Keyed by term: new results start at the top with the first row focusable.
        <VirtualList
          key={search.term}
          entries={entries}
          total={entries.length}
          label={t('results')}
          busy={busy}
          imageUrl={imageUrl}
          onSelect={select}
        />
      )}
      {status === 'error' && <LoadError onRetry={onRetry} />}
    </>
  )
}

/**
 * All Wallets: every wallet the wallet API lists for the dapp's networks, paged in as the visitor
 * scrolls, with search. Installed wallets come first and connect through their extension; the
 * others through WalletConnect.
 * @internal
 */
export default function AllWalletsView() {
  useSignals()
  // Looked up again only when the networks change (a new key means another list).
  const chains = requestedNetworks.value.map((network) => network.caipNetworkId).join(',')
  const { source, list, search: searching } = useMemo(() => getWalletLists(walletSource()), [chains])
  const { api } = source
  const [term, setTerm] = useState('')
  /** The last search answered, shown until the next one is. */
  const search = searching.result.value
  /** The term of the search request on its way, if any. */
  const asking = searching.asking.value
  const searchId = useId()
  const trimmed = term.trim()
  // From the first key to the answer (the typing pause, then the request), what was shown stays,
  // marked busy: the list keeps its height, and the answer replaces it in the frame it lands in.
  const shown = trimmed ? search : undefined
  const busy = trimmed !== '' && (shown?.term !== trimmed || asking === trimmed)

  // On a phone the pairing (its provider is ~150 KB gzip) is made once the first rows and their
  // logos have painted, never racing them; its URI is then ready for the tap.
  useEffect(() => {
    let prepared = false
    return effect(() => {
      if (prepared || (list.total.value === undefined && list.status.value !== 'error')) return
      prepared = true
      const firstRows = [...list.featured.peek(), ...list.rest.peek()].slice(0, FIRST_ROWS)
      preparePairingAfterPaint(
        firstRows.flatMap((wallet) => (wallet.image_id ? api.walletImageUrl(wallet.image_id) : [])),
      )
    })
  }, [list])

  useEffect(() => {
    // A kept list resumes where it was: a new visit retries a failed page, but does not fetch
    // the next one until the visitor scrolls to it.
    if (list.status.peek() === 'error') list.retry()
    else if (list.total.peek() === undefined) list.loadMore()
  }, [list])

  function runSearch(searched: string): void {
    // A failure shows as the results' error, with Try again.
    searching.run(searched).catch(() => undefined)
  }

  useEffect(() => {
    searching.expect(trimmed)
    if (!trimmed) return
    // Wait until the visitor stops typing: one request per pause, not per key.
    const timer = clock.setTimeout(() => runSearch(trimmed), WALLET_LIST.searchWaitMs)
    return () => clock.clearTimeout(timer)
  }, [trimmed, searching])

  return (
    <ViewBody spacing="tight">
      <VisuallyHidden htmlFor={searchId}>{t('search')}</VisuallyHidden>
      <SearchInput
        id={searchId}
        type="search"
        placeholder={t('search')}
        autoComplete="off"
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
      />
      {shown ? (
        <SearchResults search={shown} busy={busy} imageUrl={api.walletImageUrl} onRetry={() => runSearch(trimmed)} />
      ) : (
        <PagedList list={list} busy={busy} imageUrl={api.walletImageUrl} />
      )}
    </ViewBody>
  )
}
