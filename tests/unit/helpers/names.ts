/**
 * The name service as the names and send views meet it in unit tests: a ProfileApi double whose
 * answers the test sets (and whose calls it reads), and an account connected through an embedded
 * wallet stand-in (a connector of type 'auth'), which is who may register a name.
 */
import { replaceApiClient } from '../../../src/api/client'
import {
  NAME_ERROR_FALLBACKS,
  NameServiceError,
  PROFILE_API,
  type NameRecord,
  type NameRegistration,
  type NameSuggestion,
  type ProfileApi,
} from '../../../src/api/profile-api'
import { createConnectorEmitter, type Connector } from '../../../src/core/connector'
import { setAccount } from '../../../src/core/state/account'
import { setConnections } from '../../../src/core/state/connection'
import { addConnectors } from '../../../src/core/state/connectors'
import { ADDRESS, connectAccount, fakeProvider } from './views'

export const AVATAR = 'https://example.org/avatar-alice.png'

/** A record of `name` pointing at `address` (coin type of chain 31337). */
export function recordOf(name: string, address: string = ADDRESS, avatar: string | undefined = AVATAR): NameRecord {
  return {
    name,
    registered_at: '2026-01-01T00:00:00.000Z',
    addresses: { [String(0x80000000 + 31337)]: { address, created: '2026-01-01T00:00:00.000Z' } },
    attributes: avatar ? [{ avatar }] : [],
  }
}

/** What the double was asked, in order. */
export interface ProfileCalls {
  lookup: string[]
  reverse: string[]
  suggestions: string[]
  register: NameRegistration[]
  /** The signals the suggestion requests came with. */
  suggestionSignals: AbortSignal[]
}

/** A ProfileApi double: known names, each address's names, and how suggestions and registration answer. */
export interface FakeProfileApi {
  api: ProfileApi
  calls: ProfileCalls
  /** Records by lower-case name. */
  names: Map<string, NameRecord>
  /** Replaces how a call answers. */
  behaviour: {
    suggestions(name: string, signal?: AbortSignal): Promise<NameSuggestion[]>
    register(registration: NameRegistration): Promise<NameRecord>
    reverse(address: string): Promise<NameRecord[]>
  }
}

/** Installs the double as the client `apiClient(PROFILE_API)` gives; `removeFakeProfileApi` undoes it. */
export function useFakeProfileApi(): FakeProfileApi {
  const calls: ProfileCalls = { lookup: [], reverse: [], suggestions: [], register: [], suggestionSignals: [] }
  const names = new Map<string, NameRecord>()
  const behaviour: FakeProfileApi['behaviour'] = {
    suggestions: async (name) => [{ name: `${name}.reown.id`, registered: names.has(`${name}.reown.id`) }],
    register: async ({ message }) => recordOf(JSON.parse(message).name),
    reverse: async (address) =>
      [...names.values()].filter((record) =>
        Object.values(record.addresses).some((entry) => entry.address.toLowerCase() === address.toLowerCase()),
      ),
  }
  const api: ProfileApi = {
    async lookupName(name, signal) {
      calls.lookup.push(name)
      await Promise.resolve()
      if (signal?.aborted) throw signal.reason
      const record = names.get(name.toLowerCase())
      if (!record) throw new NameServiceError(NAME_ERROR_FALLBACKS.resolve, { status: 404 })
      return record
    },
    async reverseLookup(address) {
      calls.reverse.push(address)
      return behaviour.reverse(address)
    },
    async getSuggestions(name, signal) {
      calls.suggestions.push(name)
      if (signal) calls.suggestionSignals.push(signal)
      return behaviour.suggestions(name, signal)
    },
    async register(registration) {
      calls.register.push(registration)
      return behaviour.register(registration)
    },
  }
  replaceApiClient(PROFILE_API, api)
  return { api, calls, names, behaviour }
}

/** Back to the hosted client. */
export function removeFakeProfileApi(): void {
  replaceApiClient(PROFILE_API, undefined)
}

/** The embedded wallet as core sees it: a connector of type 'auth' giving the fake provider. */
export function embeddedStandIn(): Connector {
  return {
    id: 'auth',
    name: 'Email',
    type: 'auth',
    chains: ['eip155', 'solana'],
    emitter: createConnectorEmitter(),
    connect: async () => ({ connections: [] }),
    restore: async () => undefined,
    disconnect: async () => undefined,
    provider: () => fakeProvider,
  }
}

/** The test account on Localhost, connected through the embedded wallet (signed in by email). */
export function connectEmbeddedAccount(values: Parameters<typeof setAccount>[1] = {}): void {
  connectAccount(values)
  addConnectors([embeddedStandIn()])
  setConnections('eip155', [{ connectorId: 'auth', chainId: 31337, accounts: [{ address: ADDRESS }] }])
  setAccount('eip155', {
    connectedWalletInfo: { name: 'Email', identifier: 'alice@example.com', social: 'email' },
    user: { email: 'alice@example.com' },
    ...values,
  })
}
