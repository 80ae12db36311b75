// The fine-grained token list, rendered on its own with a row component that counts its renders.
import { connectAccount, nativeToken, settle, skt, usdc } from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { useSignals } from '@preact/signals-react/runtime'
import '../../../../../src/ui/signals-binding'
import { setAccount } from '../../../../../src/core/state/account'
import { TokenList, useToken, type TokenRowProps } from '../../../../../src/ui/views/Account/Tokens'

test('TokenList: one token changing re-renders its row only; a refresh with equal content re-renders none', async () => {
  connectAccount()
  const renders: Record<string, number> = {}
  function CountingRow({ namespace, tokenKey }: TokenRowProps) {
    useSignals()
    const token = useToken(namespace, tokenKey).value
    renders[tokenKey] = (renders[tokenKey] ?? 0) + 1
    return <li data-key={tokenKey}>{token?.quantity.numeric}</li>
  }
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  root.render(
    <StrictMode>
      <TokenList namespace="eip155" Row={CountingRow} />
    </StrictMode>,
  )
  await settle()
  const keys = [`eip155:31337:ETH`, usdc.address as string, skt.address as string]
  const before = keys.map((key) => renders[key])
  assert.ok(
    before.every((count) => (count ?? 0) > 0),
    'every row rendered',
  )

  setAccount('eip155', { tokenBalance: [{ ...nativeToken }, { ...usdc }, { ...skt }] })
  await settle()
  assert.equal(
    keys.map((key) => renders[key]),
    before,
    'equal content: no row re-renders',
  )

  setAccount('eip155', {
    tokenBalance: [{ ...nativeToken }, { ...usdc, quantity: { decimals: '6', numeric: '7' } }, { ...skt }],
  })
  await settle()
  const after = keys.map((key) => renders[key] ?? 0)
  assert.is(after[0], before[0], 'ETH row not re-rendered')
  assert.ok(after[1]! > (before[1] ?? 0), 'USDC row re-rendered')
  assert.is(after[2], before[2], 'SKT row not re-rendered')
  assert.is(container.querySelector(`[data-key="${usdc.address}"]`)?.textContent, '7')
  root.unmount()
  container.remove()
})

test.run()
