// Core's network switch (SPEC §4 "Network switching", §3 approvedCaipNetworkIds, §8 'Network not
// found' and the connector error): the wallet is asked through the connector or the chain adapter;
// where neither can ask (Solana wallets, WalletConnect's namespaces without an adapter), the switch
// is the dapp's and allowed only on a network the wallet approved.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { deferred, settle } from '../../../helpers/async'
import { localL2, localhost, solana } from '../../../helpers/networks'
import { ADDRESS, connectAccount, useFakeAdapter, userRejection, type FakeAdapter } from '../../helpers/views'
import { alertState } from '../../../../src/core/modal/alerts'
import { createConnectorEmitter, type Connector, type ConnectionResult } from '../../../../src/core/connector'
import { addConnectors } from '../../../../src/core/state/connectors'
import { connect, disconnect } from '../../../../src/core/wallet/connect'
import { switchNetwork, switchNotSupportedMessage, switchingTo } from '../../../../src/core/wallet/switch-network'
import {
  activeCaipNetwork,
  getNetworkState,
  setActiveCaipNetwork,
  setRequestedNetworks,
} from '../../../../src/core/state/network'
import { registerAdapter } from '../../../../src/core/config/appkit-state'
import { createSolanaAdapter } from '../../../../src/chains/solana'
import type { CaipNetwork } from '../../../../src/core/types'
import { resetAllState } from '../../helpers/reset'

const solanaDevnet: CaipNetwork = {
  ...solana,
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
}
const polkadot: CaipNetwork = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.example.org'] } },
}
const westend: CaipNetwork = {
  ...polkadot,
  id: 'e143f23803ac50e8f6f8e62695d1ce9e',
  caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  name: 'Westend',
}
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const POLKADOT_ADDRESS = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'

let fake: FakeAdapter

/** A WalletConnect-like connector whose session approved `approved` in each namespace it grants. */
function sessionConnector(result: ConnectionResult): Connector {
  const connector: Connector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    chains: ['eip155', 'solana', 'polkadot'],
    sharedSession: true,
    emitter: createConnectorEmitter(),
    connect: async () => result,
    restore: async () => undefined,
    disconnect: async () => undefined,
    provider: () => ({ request: async () => null }),
  }
  addConnectors([connector])
  return connector
}

test.before.each(() => {
  fake = useFakeAdapter()
  // The real Solana adapter (it has no switchNetwork), its chain reads kept off the network.
  registerAdapter('solana', async () => ({
    createAdapter: (config) => ({
      ...createSolanaAdapter(config),
      getNativeBalance: async () => ({ value: '0', symbol: 'SOL' }),
      getTokenBalances: async () => [],
      watchBlocks: () => () => undefined,
    }),
  }))
})
test.after.each(resetAllState)

test("a network the dapp did not configure: the 'Network Not Found' alert and 'Network not found'", async () => {
  connectAccount()
  const unknown: CaipNetwork = { ...localL2, id: 999, caipNetworkId: 'eip155:999', name: 'Elsewhere' }
  const error = await switchNetwork(unknown).then(
    () => undefined,
    (reason: Error) => reason,
  )
  assert.is(error?.message, 'Network not found')
  assert.is(alertState.message.value, 'Network Not Found')
  assert.equal(fake.calls.switchNetwork, [], 'the wallet is not asked')
  assert.is(activeCaipNetwork.value?.caipNetworkId, localhost.caipNetworkId)
})

test('connected: the wallet is asked through the adapter, once for two requests of the same network', async () => {
  connectAccount()
  const pending = deferred<void>()
  fake.behaviour.switchNetwork = () => pending.promise
  const first = switchNetwork(localL2)
  const second = switchNetwork(localL2)
  await settle()
  assert.is(switchingTo.value, localL2.caipNetworkId)
  assert.equal(fake.calls.switchNetwork, [localL2.caipNetworkId], 'asked once')
  pending.resolve()
  await Promise.all([first, second])
  assert.is(switchingTo.value, undefined)
  assert.is(activeCaipNetwork.value?.caipNetworkId, localL2.caipNetworkId)
  // Once done, the next request asks again.
  await switchNetwork(localhost)
  assert.equal(fake.calls.switchNetwork, [localL2.caipNetworkId, localhost.caipNetworkId])
})

test("the wallet's refusal rejects and keeps the network", async () => {
  connectAccount()
  fake.behaviour.switchNetwork = async () => {
    throw userRejection()
  }
  const error = await switchNetwork(localL2).then(
    () => undefined,
    (reason: { code?: number }) => reason,
  )
  assert.is(error?.code, 4001)
  assert.is(activeCaipNetwork.value?.caipNetworkId, localhost.caipNetworkId)
})

test('a session fills approvedCaipNetworkIds and supportsAllNetworks; a disconnect clears them', async () => {
  setRequestedNetworks([localhost, localL2, solana, solanaDevnet])
  setActiveCaipNetwork(localhost)
  const connector = sessionConnector({
    connections: [
      {
        namespace: 'eip155',
        accounts: [{ address: ADDRESS, type: 'eoa' }],
        chainId: 31337,
        approvedCaipNetworkIds: ['eip155:31337'],
      },
    ],
  })
  await connect(connector, { namespace: 'eip155' })
  assert.equal(getNetworkState('eip155').approvedCaipNetworkIds.value, ['eip155:31337'])
  assert.is(getNetworkState('eip155').supportsAllNetworks.value, false)
  await disconnect()
  assert.equal(getNetworkState('eip155').approvedCaipNetworkIds.value, [])
  assert.is(getNetworkState('eip155').supportsAllNetworks.value, true)
})

test('a connection that lists no approved networks (an injected wallet) supports them all', async () => {
  setRequestedNetworks([localhost, localL2])
  setActiveCaipNetwork(localhost)
  const connector = sessionConnector({
    connections: [{ namespace: 'eip155', accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: 31337 }],
  })
  await connect(connector, { namespace: 'eip155' })
  assert.is(getNetworkState('eip155').supportsAllNetworks.value, true)
  assert.equal(getNetworkState('eip155').approvedCaipNetworkIds.value, [])
})

test('Solana has no wallet switch: an approved network switches, another gives the connector error', async () => {
  setRequestedNetworks([solana, solanaDevnet])
  setActiveCaipNetwork(solana)
  const connector = sessionConnector({
    connections: [
      {
        namespace: 'solana',
        accounts: [{ address: SOLANA_ADDRESS, type: 'eoa' }],
        chainId: solana.id,
        approvedCaipNetworkIds: [solana.caipNetworkId],
      },
    ],
  })
  await connect(connector, { namespace: 'solana' })
  const error = await switchNetwork(solanaDevnet).then(
    () => undefined,
    (reason: Error) => reason,
  )
  assert.is(error?.message, '"WalletConnect" does not support programmatic chain switching.')
  assert.is(error?.message, switchNotSupportedMessage('WalletConnect'))
  assert.is(activeCaipNetwork.value?.caipNetworkId, solana.caipNetworkId, 'the network stays')
  // Once the wallet approves devnet too (a session update), the switch is the dapp's to make.
  connector.emitter.emit({
    type: 'change',
    result: {
      connections: [
        {
          namespace: 'solana',
          accounts: [{ address: SOLANA_ADDRESS, type: 'eoa' }],
          chainId: solana.id,
          approvedCaipNetworkIds: [solana.caipNetworkId, solanaDevnet.caipNetworkId],
        },
      ],
    },
  })
  await settle()
  assert.is(getNetworkState('solana').approvedCaipNetworkIds.value.length, 2)
  await switchNetwork(solanaDevnet)
  assert.is(activeCaipNetwork.value?.caipNetworkId, solanaDevnet.caipNetworkId)
})

test('a namespace without a chain adapter (polkadot over WalletConnect) follows the same rule', async () => {
  setRequestedNetworks([polkadot, westend])
  setActiveCaipNetwork(polkadot)
  const connector = sessionConnector({
    connections: [
      {
        namespace: 'polkadot',
        accounts: [{ address: POLKADOT_ADDRESS, type: 'eoa' }],
        chainId: polkadot.id,
        approvedCaipNetworkIds: [polkadot.caipNetworkId, westend.caipNetworkId],
      },
    ],
  })
  await connect(connector, { namespace: 'polkadot' })
  await switchNetwork(westend)
  assert.is(activeCaipNetwork.value?.caipNetworkId, westend.caipNetworkId)
  await disconnect()
  // Not connected any more: switching asks nobody and needs no approval.
  await switchNetwork(polkadot)
  assert.is(activeCaipNetwork.value?.caipNetworkId, polkadot.caipNetworkId)
})

test.run()
