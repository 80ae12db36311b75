import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildNamespaces } from '../../../../src/connectors/walletconnect/namespaces'
import { base, mainnet, solana } from '../../helpers/fixtures'

test('the proposal asks for each configured namespace, its chains and an RPC per EVM chain', () => {
  const namespaces = buildNamespaces([mainnet, base, solana], (network) => network.rpcUrls.default.http[0])
  assert.equal(Object.keys(namespaces), ['eip155', 'solana'])
  assert.equal(namespaces['eip155']?.chains, ['eip155:1', 'eip155:8453'])
  assert.equal(namespaces['eip155']?.rpcMap, { 1: 'https://eth.example.org', 8453: 'https://base.example.org' })
  assert.ok(namespaces['eip155']?.methods.includes('personal_sign'))
  assert.ok(namespaces['eip155']?.methods.includes('wallet_switchEthereumChain'))
  assert.ok(namespaces['solana']?.methods.includes('solana_signMessage'))
})

test.run()
