// What the widget knows of the secure frame beyond the transport: the chains it serves (SPEC §3),
// the INIT_SMART_ACCOUNT answer, and the account facts of a GET_USER answer.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  FRAME_CHAINS,
  accountFacts,
  frameServes,
  frameUser,
  smartAccountInit,
} from '../../../../src/connectors/embedded/protocol'

const network = (caipNetworkId: string, http: string[] = []) => ({
  caipNetworkId,
  chainNamespace: caipNetworkId.split(':')[0]!,
  rpcUrls: { default: { http } },
})

test('the frame serves its own EVM chains and three Solana networks, and any other with an http(s) RPC URL', () => {
  assert.is(FRAME_CHAINS.size, 27)
  for (const id of ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:324'])
    assert.ok(frameServes(network(id)), id)
  assert.ok(frameServes(network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')))
  assert.ok(frameServes(network('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')))
  assert.not.ok(frameServes(network('eip155:31337')), 'an unknown chain without an RPC URL')
  assert.ok(frameServes(network('eip155:31337', ['http://127.0.0.1:8545'])), 'served through its RPC URL')
  assert.not.ok(frameServes(network('eip155:31337', ['ws://127.0.0.1:8545'])))
  assert.not.ok(frameServes(network('bip122:000000000019d6689c085ae165831e93', ['https://btc.example'])))
})

test('INIT_SMART_ACCOUNT_SUCCESS must carry an EVM address and a deployed flag', () => {
  const address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  assert.equal(smartAccountInit({ address, isDeployed: true }), { address, isDeployed: true })
  assert.throws(() => smartAccountInit({ address, isDeployed: 'yes' }), /invalid reply/)
  assert.throws(() => smartAccountInit({ address: 'nope', isDeployed: true }), /invalid reply/)
  assert.throws(() => smartAccountInit(undefined), /invalid reply/)
})

test('account facts: the deployed flag as answered, each address labelled by its type', () => {
  const smart = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const user = frameUser({
    email: 'a@example.com',
    address: smart,
    chainId: 31337,
    accounts: [
      { address: smart, type: 'smartAccount' },
      { address: eoa, type: 'eoa' },
    ],
    smartAccountDeployed: false,
  })
  const facts = accountFacts(user)
  assert.is(facts.smartAccountDeployed, false)
  assert.equal(
    [...facts.addressLabels],
    [
      [smart, 'Smart Account'],
      [eoa, 'EOA'],
    ],
  )
  const unsaid = accountFacts(frameUser({ address: eoa, chainId: 1, smartAccountDeployed: 'no' }))
  assert.is(unsaid.smartAccountDeployed, undefined, 'not a boolean: not known')
  assert.equal([...unsaid.addressLabels], [[eoa, 'EOA']])
})

test.run()
