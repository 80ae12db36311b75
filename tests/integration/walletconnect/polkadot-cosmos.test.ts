// The namespaces only WalletConnect serves, polkadot and cosmos, through SigKit's own connector
// and the WalletConnect test wallet over the sandbox's relay double: both are in the proposal,
// the connected accounts are in state with their CAIP-10 addresses, and the provider a dapp gets
// (useAppKitProvider('polkadot' | 'cosmos') → getWalletProvider) passes polkadot_signMessage,
// polkadot_signTransaction, cosmos_signDirect, cosmos_signAmino and cosmos_getAccounts to the
// wallet, whose real keys (sr25519, secp256k1) sign. Each signature is checked with the chain's
// own libraries: @polkadot/util-crypto and @polkadot/types, @cosmjs.
process.env['IS_VITEST'] = 'true'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { blake2AsU8a, cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { TypeRegistry } from '@polkadot/types'
import { makeSignBytes } from '@cosmjs/proto-signing'
import {
  encodeSecp256k1Pubkey,
  makeSignDoc as makeAminoSignDoc,
  pubkeyToAddress,
  serializeSignDoc,
} from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { startRelay } from '../../../demo/sandbox/relay.mjs'
import { createWalletConnectWallet } from '../../../demo/walletconnect-wallet/node.mjs'
import { walletConnectConnector } from '../../../src/connectors/walletconnect'
import { connect, getWalletProvider } from '../../../src/core/wallet/connect'
import type { WalletListing, EIP1193Provider } from '../../../src/core/types'

/** Connects through WalletConnect as its view does (core's connect with the connector). */
const connectWalletConnect = (wallet?: WalletListing) => connect(walletConnectConnector, wallet ? { wallet } : {})
import { getAccountState } from '../../../src/core/state/account'
import { initCore } from '../../../src/core/config/appkit-state'
import { connectionState } from '../../../src/core/state/connection'
import { validateOptions } from '../../../src/core/config/options'
import { cosmosHub, polkadot } from '../../../src/networks'
import { createMemoryStorage, installStorage } from '../../unit/helpers/memory-storage'
import { waitFor } from '../eip155/helpers'
import { closeSigKitProvider, exitSoon } from './helpers'

let relay: Awaited<ReturnType<typeof startRelay>>
let wallet: Awaited<ReturnType<typeof createWalletConnectWallet>>
/** What the scripted person answers next (true = approve); empty = approve. */
const answers: boolean[] = []
const asked: string[] = []
let polkadotProvider: EIP1193Provider
let cosmosProvider: EIP1193Provider

test.before(async () => {
  await cryptoWaitReady()
  relay = await startRelay()
  wallet = await createWalletConnectWallet({
    relayUrl: relay.url,
    approve: (request: { method: string }) => {
      asked.push(request.method)
      return answers.shift() ?? true
    },
  })
  installStorage(createMemoryStorage())
  initCore(
    validateOptions({
      projectId: 'sandbox',
      networks: [polkadot, cosmosHub],
      endpoints: { relay: relay.url },
      metadata: { name: 'SigKit test dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
      features: { analytics: false },
    }),
  )
})

test.after(async () => {
  await closeSigKitProvider()
  await wallet?.stop()
  await (relay as { stop?: () => Promise<void> })?.stop?.()
  exitSoon()
})

test('the proposal asks for polkadot and cosmos; both connect with CAIP-10 addresses; the providers reach the wallet', async () => {
  const connecting = connectWalletConnect()
  const uri = await waitFor(() => connectionState.wcUri.value, { what: 'the pairing URI', timeoutMs: 10_000 })
  await wallet.pair(uri)
  const proposal = await wallet.nextProposal()
  const requested = proposal.requested
  assert.equal(requested.polkadot?.chains, [polkadot.caipNetworkId])
  assert.equal(requested.polkadot?.methods, ['polkadot_signMessage', 'polkadot_signTransaction'])
  assert.equal(requested.cosmos?.chains, [cosmosHub.caipNetworkId])
  assert.equal(requested.cosmos?.methods, ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'])
  await wallet.approveSession(proposal)
  await connecting

  const dot = getAccountState('polkadot')
  assert.is(dot.status.value, 'connected')
  assert.is(dot.address.value, wallet.polkadotAddress)
  assert.is(dot.caipAddress.value, `${polkadot.caipNetworkId}:${wallet.polkadotAddress}`)
  assert.match(wallet.polkadotAddress, /^1[1-9A-HJ-NP-Za-km-z]{46,47}$/, 'an SS58 address, Polkadot prefix')
  const atom = getAccountState('cosmos')
  assert.is(atom.status.value, 'connected')
  assert.is(atom.caipAddress.value, `${cosmosHub.caipNetworkId}:${wallet.cosmosAddress}`)

  // What useAppKitProvider('polkadot' | 'cosmos') hands the dapp: the session's providers.
  const foundDot = await getWalletProvider('polkadot')
  const foundAtom = await getWalletProvider('cosmos')
  assert.is(foundDot?.type, 'walletConnect')
  polkadotProvider = foundDot!.provider
  cosmosProvider = foundAtom!.provider
})

test('polkadot_signMessage: sr25519 over <Bytes>message</Bytes>, verified by @polkadot/util-crypto', async () => {
  const message = 'Sign in to the SigKit test dapp'
  const { signature } = (await polkadotProvider.request({
    method: 'polkadot_signMessage',
    params: { address: wallet.polkadotAddress, message },
  })) as { signature: `0x${string}` }
  const check = signatureVerify(u8aWrapBytes(stringToU8a(message)), signature, wallet.polkadotAddress)
  assert.ok(check.isValid, 'the signature verifies against the address')
  assert.is(check.crypto, 'sr25519')
  assert.not.ok(signatureVerify(u8aWrapBytes(stringToU8a(`${message}!`)), signature, wallet.polkadotAddress).isValid)
  assert.is(asked.at(-1), 'polkadot_signMessage', 'the person was asked')
})

test('polkadot_signTransaction: the extrinsic payload as @polkadot/types encodes it, short and hashed', async () => {
  const registry = new TypeRegistry()
  const signedExtensions = [
    'CheckNonZeroSender',
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'CheckWeight',
    'ChargeTransactionPayment',
  ]
  registry.setSignedExtensions(signedExtensions)
  for (const method of ['0x0503' + '11'.repeat(40), '0x0000' + 'ab'.repeat(300)]) {
    const transactionPayload = {
      address: wallet.polkadotAddress,
      blockHash: '0x' + '22'.repeat(32),
      blockNumber: '0x00000010',
      era: '0x00',
      genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
      method,
      nonce: '0x00000007',
      signedExtensions,
      specVersion: '0x000f4240',
      tip: '0x00000000000000000000000000000000',
      transactionVersion: '0x0000001a',
      version: 4,
    }
    const answer = (await polkadotProvider.request({
      method: 'polkadot_signTransaction',
      params: { address: wallet.polkadotAddress, transactionPayload },
    })) as { id: number; signature: `0x${string}` }
    assert.ok(Number.isInteger(answer.id))
    assert.ok(answer.signature.startsWith('0x01'), 'MultiSignature: the sr25519 type byte first')
    const encoded = registry.createType('ExtrinsicPayload', transactionPayload, { version: 4 }).toU8a({ method: true })
    const signed = encoded.length > 256 ? blake2AsU8a(encoded, 256) : encoded
    const check = signatureVerify(signed, answer.signature, wallet.polkadotAddress)
    assert.ok(check.isValid, `the signature verifies (${encoded.length}-byte payload)`)
    assert.is(check.crypto, 'sr25519')
  }
})

test('cosmos_getAccounts, cosmos_signDirect and cosmos_signAmino: secp256k1, verified by @cosmjs', async () => {
  const [account] = (await cosmosProvider.request({ method: 'cosmos_getAccounts', params: {} })) as {
    algo: string
    address: string
    pubkey: string
  }[]
  assert.is(account?.algo, 'secp256k1')
  assert.is(account?.address, wallet.cosmosAddress)
  const pubkey = fromBase64(account!.pubkey)
  assert.is(pubkeyToAddress(encodeSecp256k1Pubkey(pubkey), 'cosmos'), wallet.cosmosAddress, 'the address is the key')

  const bodyBytes = Uint8Array.from({ length: 70 }, (_, i) => (i * 7) & 0xff)
  const authInfoBytes = Uint8Array.from({ length: 40 }, (_, i) => (i * 13 + 1) & 0xff)
  const direct = (await cosmosProvider.request({
    method: 'cosmos_signDirect',
    params: {
      signerAddress: wallet.cosmosAddress,
      signDoc: {
        chainId: 'cosmoshub-4',
        accountNumber: '1234567',
        bodyBytes: toBase64(bodyBytes),
        authInfoBytes: toBase64(authInfoBytes),
      },
    },
  })) as { signature: { pub_key: { type: string; value: string }; signature: string } }
  assert.is(direct.signature.pub_key.type, 'tendermint/PubKeySecp256k1')
  assert.is(direct.signature.pub_key.value, account!.pubkey)
  const directBytes = makeSignBytes({ bodyBytes, authInfoBytes, chainId: 'cosmoshub-4', accountNumber: 1234567n })
  const directSignature = Secp256k1Signature.fromFixedLength(fromBase64(direct.signature.signature))
  assert.ok(await Secp256k1.verifySignature(directSignature, sha256(directBytes), pubkey), 'signDirect verifies')

  const aminoDoc = makeAminoSignDoc(
    [
      {
        type: 'cosmos-sdk/MsgSend',
        value: {
          from_address: wallet.cosmosAddress,
          to_address: wallet.cosmosAddress,
          amount: [{ denom: 'uatom', amount: '1' }],
        },
      },
    ],
    { amount: [{ denom: 'uatom', amount: '500' }], gas: '200000' },
    'cosmoshub-4',
    'memo <with> & escapes',
    '1234567',
    '8',
  )
  const amino = (await cosmosProvider.request({
    method: 'cosmos_signAmino',
    params: { signerAddress: wallet.cosmosAddress, signDoc: aminoDoc },
  })) as { signature: { signature: string }; signed: unknown }
  assert.equal(amino.signed, aminoDoc)
  const aminoSignature = Secp256k1Signature.fromFixedLength(fromBase64(amino.signature.signature))
  assert.ok(
    await Secp256k1.verifySignature(aminoSignature, sha256(serializeSignDoc(aminoDoc)), pubkey),
    "signAmino verifies over the SDK's canonical JSON",
  )
})

test('declined in the wallet: 4001 reaches the dapp; nothing signed', async () => {
  answers.push(false, false)
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => assert.unreachable('expected a refusal'),
      (error: { code?: number }) => error,
    )
  const dotError = await refusal(
    polkadotProvider.request({
      method: 'polkadot_signMessage',
      params: { address: wallet.polkadotAddress, message: 'x' },
    }),
  )
  assert.is((dotError as { code?: number }).code, 4001)
  const atomError = await refusal(
    cosmosProvider.request({
      method: 'cosmos_signAmino',
      params: { signerAddress: wallet.cosmosAddress, signDoc: { chain_id: 'cosmoshub-4' } },
    }),
  )
  assert.is((atomError as { code?: number }).code, 4001)
})

test.run()
