/**
 * Networks and options used across core tests, plus a full core reset between tests.
 */
import { resetAllAccounts } from '../../../../src/core/state/account'
import { resetAlerts } from '../../../../src/core/modal/alerts'
import { resetAppKitState } from '../../../../src/core/config/appkit-state'
import { resetWcConnection, connectionState } from '../../../../src/core/state/connection'
import { resetEvents } from '../../../../src/core/analytics'
import { resetFeatures } from '../../../../src/core/config/features'
import { resetModal } from '../../../../src/core/modal/modal'
import { resetAllNetworks } from '../../../../src/core/state/network'
import { viewHistory } from '../../../../src/core/modal/history'
import { themeState } from '../../../../src/core/config/theme'
import { hideToast } from '../../../../src/core/modal/toasts'
import type { CaipNetwork } from '../../../../src/core/types'

export const mainnet: CaipNetwork = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
}

export const base: CaipNetwork = {
  id: 8453,
  caipNetworkId: 'eip155:8453',
  chainNamespace: 'eip155',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://base.example.org'] } },
}

export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://sol.example.org'] } },
}

/** Minimal valid options. */
export function validInput(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { projectId: 'test-project', networks: [mainnet, base, solana], ...extra }
}

/** Deep copy so a test can break one field without touching the shared fixture. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** Puts every core module back to its initial state. */
export function resetCore(): void {
  resetModal()
  resetAllAccounts()
  resetAllNetworks()
  resetFeatures()
  resetAlerts()
  resetEvents()
  resetAppKitState()
  resetWcConnection()
  connectionState.connections.value = new Map()
  hideToast()
  viewHistory.value = [{ view: 'Connect' }]
  themeState.mode.value = 'dark'
  themeState.variables.value = {}
}
