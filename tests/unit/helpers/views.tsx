/**
 * Shared setup of the view tests: the modal rendered into happy-dom's shadow root, a connected
 * eip155 account set directly through the core signals, and a fake chain adapter (the real chain
 * is covered by the integration and e2e suites).
 */
import './dom'
import { settle, modalShadow } from './dom'
import { deferred, waitFor } from '../../helpers/async'
import { localL2, localhost } from '../../helpers/networks'
import { getAccountState, setAccount } from '../../../src/core/state/account'
import type { ChainAdapter, ConnectReturnType, SendParameters } from '../../../src/core/state/adapters'
import { getResolvedOptions, initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { validateOptions } from '../../../src/core/config/options'
import { addConnectors, type ConnectorInfo } from '../../../src/core/state/connectors'
import { setConnections } from '../../../src/core/state/connection'
import { createInjectedConnector, type InstalledWallet } from '../../../src/connectors/injected/connector'
import { openModal, setModalRenderer } from '../../../src/core/modal/modal'
import { startNavigation } from '../../../src/ui/navigation'
import { setActiveCaipNetwork, setRequestedNetworks } from '../../../src/core/state/network'
import { setConnectedConnectorId } from '../../../src/core/lib/storage'
import type { EIP1193Provider, TokenBalance, ViewName } from '../../../src/core/types'

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const CONNECTOR_ID = 'dev.sigkit.testwallet'

export const nativeToken: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 20000,
  price: 2000,
  quantity: { decimals: '18', numeric: '10' },
  iconUrl: 'https://example.org/eth.png',
}

export const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 1250.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1250.5' },
  iconUrl: 'https://example.org/usdc.png',
}

export const skt: TokenBalance = {
  name: 'SigKit Token',
  symbol: 'SKT',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  value: 3.5,
  price: 0.035,
  quantity: { decimals: '18', numeric: '100.123456' },
  iconUrl: '',
}

/** A wallet error as EIP-1193 wallets report a refusal. */
export function userRejection(): Error {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 })
}

export interface FakeAdapter {
  adapter: ChainAdapter
  calls: {
    connect: number
    switchNetwork: string[]
    send: SendParameters[]
    watchBlocks: number
    stopBlocks: number
    disconnect: number
  }
  /** What the adapter answers; tests replace entries. */
  behaviour: {
    connect(): Promise<ConnectReturnType>
    switchNetwork(): Promise<void>
    tokens(): Promise<TokenBalance[]>
    send(): Promise<string>
  }
}

/**
 * Registers a fake eip155 adapter. By default it connects the test address on Localhost, switches
 * at once, reports the balances the test put into state (so a refresh changes nothing), and sends.
 */
export function useFakeAdapter(): FakeAdapter {
  const calls: FakeAdapter['calls'] = {
    connect: 0,
    switchNetwork: [],
    send: [],
    watchBlocks: 0,
    stopBlocks: 0,
    disconnect: 0,
  }
  const behaviour: FakeAdapter['behaviour'] = {
    connect: async () => ({ accounts: [ADDRESS], chainId: 31337 }),
    switchNetwork: async () => undefined,
    tokens: async () => [...getAccountState('eip155').tokenBalance.peek()],
    send: async () => '0xabc',
  }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    connect: () => {
      calls.connect++
      return behaviour.connect()
    },
    reconnect: async () => undefined,
    disconnect: async () => {
      calls.disconnect++
    },
    watch: () => () => undefined,
    switchNetwork: ({ network }) => {
      calls.switchNetwork.push(network.caipNetworkId)
      return behaviour.switchNetwork()
    },
    getNativeBalance: async () => ({ value: getAccountState('eip155').balance.peek() ?? '0', symbol: 'ETH' }),
    getTokenBalances: () => behaviour.tokens(),
    signMessage: async () => '0x',
    sendTransaction: (parameters) => {
      calls.send.push(parameters)
      return behaviour.send()
    },
    waitForReceipt: async ({ hash }) => ({ hash, status: 'success' }),
    watchBlocks: () => {
      calls.watchBlocks++
      return () => {
        calls.stopBlocks++
      }
    },
    isAddress: (value) => /^0x[0-9a-fA-F]{40}$/.test(value),
  }
  // Core makes adapters from the options createAppKit received.
  if (!getResolvedOptions())
    initCore(
      validateOptions({ projectId: 'test-project', networks: [localhost, localL2], features: { analytics: false } }),
    )
  registerAdapter('eip155', async () => ({ createAdapter: () => adapter }))
  return { adapter, calls, behaviour }
}

/** A provider that answers nothing; the fake adapter never asks it. */
export const fakeProvider: EIP1193Provider = { request: async () => null }

export function addTestWallet(extra: Partial<InstalledWallet> = {}): ConnectorInfo {
  const connector = createInjectedConnector({
    id: CONNECTOR_ID,
    name: 'SigKit Test Wallet',
    rdns: CONNECTOR_ID,
    providers: { eip155: fakeProvider },
    imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    ...extra,
  })
  addConnectors([connector])
  return connector
}

/** The requested networks, Localhost active, nothing connected. */
export function setNetworks(): void {
  setRequestedNetworks([localhost, localL2])
  setActiveCaipNetwork(localhost)
}

/** A connected eip155 account on Localhost through the test wallet, with balances. */
export function connectAccount(values: Parameters<typeof setAccount>[1] = {}): void {
  setNetworks()
  addTestWallet()
  setConnectedConnectorId('eip155', CONNECTOR_ID)
  setConnections('eip155', [{ connectorId: CONNECTOR_ID, chainId: 31337, accounts: [{ address: ADDRESS }] }])
  setAccount('eip155', {
    address: ADDRESS,
    caipAddress: `eip155:31337:${ADDRESS}`,
    balance: '10000.123456',
    balanceSymbol: 'ETH',
    tokenBalance: [nativeToken, usdc, skt],
    status: 'connected',
    ...values,
  })
}

/** The real modal, loaded the way createAppKit registers it, with its navigation policy. */
export function installModal(): void {
  setModalRenderer(() => import('../../../src/ui/modal/mount').then((ui) => ui.mountModal()))
  startNavigation()
}

/** Opens the modal at a view and waits for its chunk to render. */
export async function openAt(view: ViewName, data?: Record<string, unknown>): Promise<void> {
  await openModal(data ? { view, data } : { view })
  await settle(20)
}

/** The buttons of the network list that SwitchNetwork and UnsupportedChain show. */
export function networkRows(): HTMLButtonElement[] {
  return Array.from(modalShadow().querySelectorAll<HTMLButtonElement>('ul[aria-label="Networks"] button'))
}

export function dialog(): HTMLElement {
  const element = modalShadow().querySelector<HTMLElement>('[role="dialog"]')
  if (!element) throw new Error('no dialog')
  return element
}

export function title(): string {
  return modalShadow().getElementById('sk-dialog-title')?.textContent ?? ''
}

/** Text a screen reader gets from an element: aria-hidden parts left out. */
function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return ''
  return Array.from(node.childNodes).map(visibleText).join('')
}

/** A control's accessible name as these views give it: aria-label, else its text. */
export function nameOf(element: Element): string {
  return (element.getAttribute('aria-label') ?? visibleText(element)).trim()
}

export function findButton(name: string | RegExp): HTMLButtonElement | undefined {
  return Array.from(modalShadow().querySelectorAll('button')).find((button) =>
    typeof name === 'string' ? nameOf(button) === name : name.test(nameOf(button)),
  )
}

export function button(name: string | RegExp): HTMLButtonElement {
  const match = findButton(name)
  if (!match)
    throw new Error(
      `no button named ${name}; buttons: ${Array.from(modalShadow().querySelectorAll('button')).map(nameOf).join(' | ')}`,
    )
  return match
}

/** The form control a <label> with this text points at. */
export function labelled<T extends HTMLElement>(text: string): T {
  const label = Array.from(modalShadow().querySelectorAll('label')).find((item) => item.textContent?.trim() === text)
  const control = label && modalShadow().getElementById(label.htmlFor)
  if (!control) throw new Error(`no control labelled ${text}`)
  return control as T
}

/**
 * Sets `value` through the element class's own setter: React shadows `value` on the instance to
 * track changes, and only a change it did not see counts as user input.
 */
function setNativeValue(element: HTMLElement, value: string): void {
  for (let proto = Object.getPrototypeOf(element); proto; proto = Object.getPrototypeOf(proto)) {
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set
    if (setter) return setter.call(element, value)
  }
  throw new Error('no value setter')
}

/**
 * Types into an input the way a browser does, so React sees the change. happy-dom's document has
 * no `oninput`, so React falls back to reading the focused input's value on key events: focus it
 * and send a keyup as well as the input event.
 */
export function typeInto(input: HTMLInputElement, value: string): void {
  input.focus()
  setNativeValue(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }))
}

/** Picks an option of a <select> the way a browser does. */
export function choose(select: HTMLSelectElement, value: string): void {
  setNativeValue(select, value)
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

export { settle, waitFor, modalShadow, deferred, localhost, localL2 }
