// A connector that follows the contract and answers as a test scripts it, recording what core
// asked; shared by the connect path's tests (tests/unit/core/wallet/).
import { registerConnector } from '../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../src/core/state/adapters'
import {
  createConnectorEmitter,
  type Connector,
  type ConnectionResult,
  type ConnectParameters,
} from '../../../src/core/connector'
import { setConnectedConnectorId } from '../../../src/core/lib/storage'
import type { ChainNamespace } from '../../../src/core/types'
import { solana } from '../../helpers/networks'

export const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const SOL = '7RiFeMYVRxNNAeWbXDmnznt6UxYQNbWcGXSr4yk6YPqX'

/** A connector whose wallet answers what the test scripts; it records what core asked. */
export interface ScriptedConnector extends Connector {
  asked: { connect: ConnectParameters[]; restore: ChainNamespace[][]; disconnect: ChainNamespace[][] }
  answers: {
    connect(parameters: ConnectParameters): Promise<ConnectionResult>
    restore(namespaces: readonly ChainNamespace[]): Promise<ConnectionResult | undefined>
    disconnect(): Promise<void>
  }
}

/** What a wallet grants: each namespace with its usual test account and chain. */
export function granted(...namespaces: ChainNamespace[]): ConnectionResult {
  return {
    connections: namespaces.map((namespace) =>
      namespace === 'solana'
        ? { namespace, accounts: [{ address: SOL, type: 'eoa' as const }], chainId: solana.id }
        : { namespace, accounts: [{ address: EVM, type: 'eoa' as const }], chainId: 1 },
    ),
  }
}

export function scriptedConnector(id: string, chains: ChainNamespace[] = ['eip155']): ScriptedConnector {
  const asked: ScriptedConnector['asked'] = { connect: [], restore: [], disconnect: [] }
  const connector: ScriptedConnector = {
    id,
    name: `Wallet ${id}`,
    type: 'injected',
    chains,
    emitter: createConnectorEmitter(),
    asked,
    answers: {
      connect: async ({ namespace }) => granted(namespace),
      restore: async (namespaces) => granted(...namespaces),
      disconnect: async () => undefined,
    },
    connect(parameters) {
      asked.connect.push(parameters)
      return connector.answers.connect(parameters)
    },
    restore({ namespaces }) {
      asked.restore.push([...namespaces])
      return connector.answers.restore(namespaces)
    },
    disconnect({ namespaces }) {
      asked.disconnect.push([...namespaces])
      return connector.answers.disconnect()
    },
    provider: () => ({ request: async () => null }),
  }
  return connector
}

/** Stores a session as a previous page load leaves it, and lists the connectors restoring it. */
export function storedSession(sessions: Partial<Record<ChainNamespace, ScriptedConnector>>): void {
  for (const [namespace, connector] of Object.entries(sessions) as [ChainNamespace, ScriptedConnector][]) {
    setConnectedConnectorId(namespace, connector.id)
    registerConnector(connector.id, async () => connector)
  }
}

/** The chain side of an account (its balances), for the refresh every connection starts. */
export function quietAdapter(namespace: ChainNamespace): ChainAdapter {
  return {
    namespace,
    getNativeBalance: async () => ({ value: '1', symbol: namespace === 'solana' ? 'SOL' : 'ETH' }),
    getTokenBalances: async () => [],
    getIdentity: async () => ({ name: undefined, avatar: undefined }),
  } as unknown as ChainAdapter
}
