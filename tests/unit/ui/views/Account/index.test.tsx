import {
  ADDRESS,
  button,
  connectAccount,
  dialog,
  findButton,
  installModal,
  modalShadow,
  nameOf,
  openAt,
  settle,
  skt,
  title,
  usdc,
  useFakeAdapter,
  type FakeAdapter,
  waitFor,
  deferred,
  nativeToken,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Signal } from '@preact/signals-core'
import '../../../../../src/ui/signals-binding'
import { getAccountState, setAccount } from '../../../../../src/core/state/account'
import { localFeatures } from '../../../../../src/core/config/features'
import { modalState } from '../../../../../src/core/modal/modal'
import { routerState } from '../../../../../src/core/modal/router'
import { viewHistory } from '../../../../../src/core/modal/history'
import { toastState } from '../../../../../src/core/modal/toasts'
import type { TokenBalance } from '../../../../../src/core/types'
import { addressGradient } from '../../../../../src/ui/views/Account/Avatar'
import { resetAllState } from '../../../helpers/reset'

let fake: FakeAdapter

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
})

test.after.each(resetAllState)

function tokenRows(): HTMLLIElement[] {
  return Array.from(modalShadow().querySelectorAll<HTMLLIElement>('[role="tabpanel"] li'))
}

test('shows the short address, balance, network and tokens of the connected account', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => findButton('Copy address'))
  assert.is(title(), 'Account')
  const text = dialog().textContent ?? ''
  assert.ok(text.includes('0xf39F…2266'), 'short address')
  assert.ok(text.includes('10,000.123 ETH'), 'balance with 3 decimals and symbol')
  assert.is(button('Localhost').textContent, 'Localhost', 'the network button reads as the network name')
  assert.ok(findButton('Send'), 'Send is offered on eip155')
  assert.ok(findButton('Disconnect'))

  const tab = modalShadow().querySelector('[role="tablist"] [role="tab"]')
  assert.is(tab?.textContent, 'Tokens')
  assert.is(tab?.getAttribute('aria-selected'), 'true')
  const panel = modalShadow().querySelector('[role="tabpanel"]')
  assert.is(panel?.getAttribute('aria-labelledby'), tab?.id)
  assert.is(tab?.getAttribute('aria-controls'), panel?.id)

  const rows = tokenRows()
  assert.is(rows.length, 3)
  const usdcRow = rows[1] as HTMLLIElement
  assert.ok(usdcRow.textContent?.includes('USD Coin'))
  assert.ok(usdcRow.textContent?.includes('$1,250.50'), 'USD value with 2 decimals')
  assert.ok(usdcRow.textContent?.includes('1,250.5 USDC'), 'quantity and symbol')
  assert.is(usdcRow.querySelector('img')?.getAttribute('alt'), '', 'icons are decorative')
  assert.ok(rows[2]?.textContent?.includes('100.1235 SKT'), 'at most 4 decimals')
})

test('a profile name replaces the address, and the avatar is the profile image or an address gradient', async () => {
  connectAccount({ profileName: 'sigkit-tester.eth' })
  await openAt('Account')
  await waitFor(() => findButton('Copy address'))
  assert.ok(dialog().textContent?.includes('sigkit-tester.eth'))
  assert.not.ok(dialog().textContent?.includes('0xf39F…2266'))
  const gradient = modalShadow().querySelector<HTMLElement>('[data-avatar="gradient"]')
  assert.ok(gradient?.style.background.includes('linear-gradient'))
  assert.is(addressGradient(ADDRESS), addressGradient(ADDRESS.toLowerCase()), 'same mark for any casing')
  assert.is.not(addressGradient(ADDRESS), addressGradient('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))

  setAccount('eip155', { profileImage: 'https://example.org/avatar.png' })
  await settle()
  const image = modalShadow().querySelector('img[src="https://example.org/avatar.png"]')
  assert.ok(image, 'profile image shown')
  assert.is(image?.getAttribute('alt'), '')
})

test('the copy button copies the address and says so', async () => {
  connectAccount()
  await openAt('Account')
  ;(await waitFor(() => findButton('Copy address'))).click()
  await waitFor(() => toastState.open.value && toastState.message.value === 'Address copied')
  assert.is(await navigator.clipboard.readText(), ADDRESS)
})

test('a new balance patches the balance text in place', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => findButton('Copy address'))
  const balance = modalShadow().querySelector('[data-balance]') as HTMLElement
  const node = balance.firstChild
  const nameNode = modalShadow().querySelector('[title]')
  setAccount('eip155', { balance: '2.5' })
  await settle()
  assert.is(balance.textContent, '2.5 ETH')
  assert.is(balance.firstChild, node, 'the same text node, updated')
  assert.is(modalShadow().querySelector('[data-balance]'), balance)
  assert.is(modalShadow().querySelector('[title]'), nameNode)
})

test("a changed token updates its row only; the other rows' nodes stay", async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => tokenRows().length === 3)
  const [ethRow, usdcRow, sktRow] = tokenRows()
  // A refresh brings new objects for every token; only USDC's content changed.
  setAccount('eip155', {
    tokenBalance: [
      { ...nativeToken },
      { ...usdc, value: 99.5, quantity: { decimals: '6', numeric: '99.5' } },
      { ...skt },
    ],
  })
  await settle()
  const after = tokenRows()
  assert.is(after[0], ethRow)
  assert.is(after[1], usdcRow)
  assert.is(after[2], sktRow)
  assert.ok(usdcRow?.textContent?.includes('$99.50'))
  assert.ok(usdcRow?.textContent?.includes('99.5 USDC'))
})

test('empty and loading states of the token list', async () => {
  const pending = deferred<TokenBalance[]>()
  fake.behaviour.tokens = () => pending.promise
  connectAccount({ tokenBalance: [] })
  await openAt('Account')
  const loading = await waitFor(() => modalShadow().querySelector('[role="tabpanel"] [role="status"]'))
  assert.ok(loading.textContent?.includes('Loading tokens…'))
  pending.resolve([])
  await waitFor(() => modalShadow().querySelector('[role="tabpanel"]')?.textContent?.includes('No tokens yet'))
  assert.is(getAccountState('eip155').balanceLoading.value, false)
})

test('while open, balances refresh on new blocks; closing stops watching', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => fake.calls.watchBlocks === 1)
  assert.is(fake.calls.stopBlocks, 0)
  dialog()
  ;(modalState.open as Signal<boolean>).value = false // read-only outside core: a test-only write
  await settle()
  assert.is(fake.calls.stopBlocks, 1)
})

test('the network button opens Choose Network; Send opens the send form', async () => {
  connectAccount()
  await openAt('Account')
  ;(await waitFor(() => findButton('Localhost'))).click()
  await settle()
  assert.is(routerState.history.value.at(-1)?.view, 'SwitchNetwork')
  viewHistory.value = [{ view: 'Account' }]
  ;(await waitFor(() => findButton('Send'))).click()
  await settle()
  assert.is(routerState.history.value.at(-1)?.view, 'Send')
})

test('no Send button when the send feature is off', async () => {
  localFeatures.value = { ...localFeatures.value, send: false }
  connectAccount()
  await openAt('Account')
  await waitFor(() => findButton('Copy address'))
  assert.is(findButton('Send'), undefined)
})

test('Disconnect disconnects the wallet and closes the modal', async () => {
  connectAccount()
  await openAt('Account')
  ;(await waitFor(() => findButton('Disconnect'))).click()
  await waitFor(() => !modalState.open.value)
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.is(getAccountState('eip155').address.value, undefined)
  assert.is(fake.calls.disconnect, 1)
})

test('every control of the Account view has an accessible name', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => findButton('Copy address'))
  for (const control of Array.from(modalShadow().querySelectorAll('button'))) {
    assert.ok(nameOf(control), `button without a name: ${control.outerHTML}`)
  }
})

test.run()
