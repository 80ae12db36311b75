import { useRef, type ComponentType } from 'react'
import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { computed, type ReadonlySignal } from '@preact/signals-core'
import { getAccountState } from '../../../core/state/account'
import type { ChainNamespace, TokenBalance } from '../../../core/types'
import { formatQuantity, formatUsd, tokenKey } from '../../token-balances'
import { Placeholder } from '../../kit/Placeholder'
import { Spinner } from '../../kit/Spinner'
import { TokenIcon, TokenInitial, TokenItem, TokenItems, TokenName, TokenQuantity, TokenValue } from './styles'
import { translator } from '../../../i18n/translate'
import accountEn from '../../../i18n/messages/en/account'

const t = translator('account', accountEn)

/** Every field a row shows or a send uses; cheaper than serialising both tokens on each refresh. */
function sameToken(a: TokenBalance, b: TokenBalance): boolean {
  return (
    a.quantity.numeric === b.quantity.numeric &&
    a.quantity.decimals === b.quantity.decimals &&
    a.value === b.value &&
    a.price === b.price &&
    a.name === b.name &&
    a.symbol === b.symbol &&
    a.iconUrl === b.iconUrl &&
    a.address === b.address &&
    a.chainId === b.chainId
  )
}

/**
 * The tokens of a list by key, built once per refresh and shared by every row: each row then
 * finds its token in constant time instead of scanning the list (N rows × N tokens).
 */
const tokensByKey = new WeakMap<ReadonlySignal<readonly TokenBalance[]>, ReadonlySignal<Map<string, TokenBalance>>>()

function tokenIndex(tokenBalance: ReadonlySignal<readonly TokenBalance[]>): ReadonlySignal<Map<string, TokenBalance>> {
  let index = tokensByKey.get(tokenBalance)
  if (!index) {
    index = computed(() => {
      const map = new Map<string, TokenBalance>()
      // The first token of a key wins; the map's key order is the list's order.
      for (const token of tokenBalance.value) {
        const key = tokenKey(token)
        if (!map.has(key)) map.set(key, token)
      }
      return map
    })
    tokensByKey.set(tokenBalance, index)
  }
  return index
}

/**
 * One token of the account, by key. Every balance refresh replaces the whole list with new
 * objects; this keeps handing out the previous object while the token's content is unchanged, so
 * only a row whose token really changed re-renders.
 * @internal
 */
export function useToken(namespace: ChainNamespace, key: string): ReadonlySignal<TokenBalance | undefined> {
  const index = tokenIndex(getAccountState(namespace).tokenBalance)
  const last = useRef<TokenBalance | undefined>(undefined)
  return useComputed(() => {
    const next = index.value.get(key)
    if (!next || !last.current || !sameToken(next, last.current)) last.current = next
    return last.current
  })
}

/** What a row component of {@link TokenList} receives. @internal */
export interface TokenRowProps {
  namespace: ChainNamespace
  tokenKey: string
}

/**
 * Icon, name, value in USD, and quantity with symbol.
 * @internal
 */
export function TokenRow({ namespace, tokenKey: key }: TokenRowProps) {
  useSignals()
  const token = useToken(namespace, key).value
  if (!token) return null
  return (
    <TokenItem>
      {token.iconUrl ? (
        <TokenIcon src={token.iconUrl} alt="" width={32} height={32} />
      ) : (
        <TokenInitial aria-hidden="true">{token.symbol.slice(0, 1).toUpperCase()}</TokenInitial>
      )}
      <TokenName>{token.name}</TokenName>
      <TokenValue>
        <bdi>{formatUsd(token.value)}</bdi>
      </TokenValue>
      <TokenQuantity>
        <bdi>
          {formatQuantity(token.quantity.numeric)} {token.symbol}
        </bdi>
      </TokenQuantity>
    </TokenItem>
  )
}

/**
 * The account's tokens. The list itself re-renders only when tokens are added, removed or
 * reordered; a changed balance re-renders just its row (see {@link useToken}). `Row` is the row
 * component (tests pass a counting one).
 * @internal
 */
export function TokenList({
  namespace,
  Row = TokenRow,
}: {
  namespace: ChainNamespace
  Row?: ComponentType<TokenRowProps>
}) {
  useSignals()
  const { tokenBalance, balanceLoading } = getAccountState(namespace)
  const index = tokenIndex(tokenBalance)
  // A string, so the computed notifies only when the keys themselves change.
  const keys = useComputed(() => JSON.stringify([...index.value.keys()]))
  const list = JSON.parse(keys.value) as string[]
  if (list.length === 0) {
    // Read only while empty: once tokens show, a background refresh does not touch the list.
    return balanceLoading.value ? (
      <Placeholder role="status">
        <Spinner aria-hidden="true" css={{ width: '16px', height: '16px', borderWidth: '2px' }} />
        {t('loadingTokens')}
      </Placeholder>
    ) : (
      <Placeholder>{t('noTokens')}</Placeholder>
    )
  }
  return (
    <TokenItems aria-label={t('tokens')}>
      {list.map((key) => (
        <Row key={key} namespace={namespace} tokenKey={key} />
      ))}
    </TokenItems>
  )
}
