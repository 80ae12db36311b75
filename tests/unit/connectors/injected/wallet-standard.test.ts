import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getBase58Decoder, getBase58Encoder, getBase64Decoder } from '@solana/kit'
import { publishWallet, startInjectedDiscovery, type InstalledWallet } from '../../../../src/connectors/injected'
import type { Connector } from '../../../../src/core/connector'
import { parseStandardWallet } from '../../../../src/connectors/injected/wallet-standard'
import { initCore } from '../../../../src/core/config/appkit-state'
import {
  connectorsState,
  findConnector,
  orderedConnectors,
  type ConnectorInfo,
} from '../../../../src/core/state/connectors'
import { validateOptions } from '../../../../src/core/config/options'
import { isUserRejection, walletErrorCode } from '../../../../src/lib/wallet-errors'
import { validInput } from '../../helpers/fixtures'

const CHAIN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A Wallet Standard wallet that records what it was asked; `decline` makes it refuse like a person. */
function standardWallet(name = 'Rabbit Wallet', { decline = false } = {}) {
  const calls: { feature: string; input: any }[] = []
  const listeners = new Set<(change: unknown) => void>()
  const wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml,x',
    chains: [CHAIN],
    accounts: [] as { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          calls.push({ feature: 'standard:connect', input })
          if (decline) throw new Error('User rejected the request.')
          if (!input?.silent)
            wallet.accounts = [
              {
                address: ADDRESS,
                publicKey: getBase58Encoder().encode(ADDRESS) as Uint8Array,
                chains: [CHAIN],
                features: [],
              },
            ]
          for (const listener of listeners) listener({ accounts: wallet.accounts })
          return { accounts: wallet.accounts }
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: string, listener: (change: unknown) => void) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(input: any) {
          calls.push({ feature: 'solana:signMessage', input })
          return [{ signedMessage: input.message, signature: new Uint8Array(64).fill(7) }]
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        async signAndSendTransaction(input: any) {
          calls.push({ feature: 'solana:signAndSendTransaction', input })
          return [{ signature: new Uint8Array(64).fill(9) }]
        },
      },
    },
  }
  return { wallet, calls, listeners }
}

const evmTwin = (name = 'Rabbit Wallet'): InstalledWallet => ({
  id: 'io.rabbit',
  name,
  rdns: 'io.rabbit',
  providers: { eip155: { request: async () => null } },
})

test.before.each(() => {
  initCore(validateOptions(validInput()))
  connectorsState.value = []
})

test('a Wallet Standard wallet with a Solana chain becomes a Solana connector; anything else is ignored', () => {
  const connector = parseStandardWallet(standardWallet().wallet)
  assert.equal(connector && { ...connector, providers: Object.keys(connector.providers ?? {}) }, {
    id: 'wallet-standard:Rabbit Wallet',
    name: 'Rabbit Wallet',
    providers: ['solana'],
    imageUrl: 'data:image/svg+xml,x',
  })
  const { wallet } = standardWallet()
  assert.is(
    parseStandardWallet({ ...wallet, chains: ['bip122:000000000019d6689c085ae165831e93'] }),
    undefined,
    'no Solana chain',
  )
  assert.is(parseStandardWallet({ ...wallet, features: {} }), undefined, 'no standard:connect')
  assert.is(parseStandardWallet({ ...wallet, name: ' ' }), undefined)
  assert.is(
    parseStandardWallet({ ...wallet, icon: 'javascript:alert(1)' })?.imageUrl,
    undefined,
    'only data: and https: icons',
  )
  assert.is(parseStandardWallet('wallet'), undefined)
})

test('discovery finds wallets registered before and after it starts (wallet-standard events, both ways)', () => {
  const early = standardWallet('Early Wallet').wallet
  // A wallet that loaded first answers the app-ready event.
  window.addEventListener('wallet-standard:app-ready', (event) => (event as CustomEvent).detail.register(early))
  startInjectedDiscovery()
  const late = standardWallet('Late Wallet').wallet
  window.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', { detail: ({ register }: any) => register(late) }),
  )
  // A broken registration callback must not stop discovery.
  window.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: () => {
        throw new Error('boom')
      },
    }),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: 'not a function' }))
  const names = connectorsState.value
    .filter((connector) => connector.chains.includes('solana') && connector.type === 'injected')
    .map((connector) => connector.name)
  assert.equal(names.sort(), ['Early Wallet', 'Late Wallet'])
})

test('one wallet with an EVM and a Solana provider is listed once, whichever announces first, and keeps its EIP-6963 id', () => {
  for (const order of ['evm first', 'solana first']) {
    connectorsState.value = []
    const solana = parseStandardWallet(standardWallet('rabbit wallet').wallet) as InstalledWallet
    const evm = evmTwin()
    if (order === 'evm first') [evm, solana].forEach(publishWallet)
    else [solana, evm].forEach(publishWallet)
    // Wallets announce again whenever asked; a repeat must not undo the merge.
    publishWallet(evm)
    publishWallet(solana)
    const listed = orderedConnectors.value.filter((connector) => connector.type === 'injected')
    assert.is(listed.length, 1, order)
    const [one] = listed as [Connector]
    assert.is(one.id, 'io.rabbit', order)
    assert.equal([...one.chains].sort(), ['eip155', 'solana'], order)
    assert.ok(one.provider('eip155') && one.provider('solana'), order)
    assert.is(
      findConnector('wallet-standard:rabbit wallet'),
      one,
      `${order}: a session stored under the Solana id still finds it`,
    )
  }
})

test('wallets of the same name on the same chains are not merged', () => {
  publishWallet(evmTwin())
  publishWallet({ ...evmTwin(), id: 'io.rabbit.beta', rdns: 'io.rabbit.beta' })
  assert.is(connectorsState.value.length, 2)
})

test('the Solana provider answers solana_* requests with the wallet features (base58 in, base58 out)', async () => {
  const { wallet, calls } = standardWallet()
  const provider = parseStandardWallet(wallet)?.providers?.solana
  assert.ok(provider)
  assert.equal(await provider.request({ method: 'solana_getAccounts' }), [], 'silent: nothing granted yet')
  assert.equal(calls.at(-1), { feature: 'standard:connect', input: { silent: true } })
  let changed: unknown
  const off = provider.on?.('accountsChanged', (accounts: unknown) => (changed = accounts))
  assert.equal(await provider.request({ method: 'solana_requestAccounts' }), [ADDRESS])
  assert.equal(changed, [ADDRESS], 'the change event reaches accountsChanged')
  assert.is(typeof off, 'function')

  const message = new TextEncoder().encode('Hello from SigKit')
  const signed = (await provider.request({
    method: 'solana_signMessage',
    params: { message: getBase58Decoder().decode(message), pubkey: ADDRESS },
  })) as { signature: string }
  assert.equal([...calls.at(-1)?.input.message], [...message], 'the wallet signs the decoded bytes')
  assert.is(calls.at(-1)?.input.account.address, ADDRESS)
  assert.equal([...getBase58Encoder().encode(signed.signature)], new Array(64).fill(7))

  const transaction = getBase64Decoder().decode(new Uint8Array([1, 2, 3]))
  const sent = (await provider.request(
    { method: 'solana_signAndSendTransaction', params: { transaction } },
    CHAIN,
  )) as { signature: string }
  assert.equal([...calls.at(-1)?.input.transaction], [1, 2, 3])
  assert.is(calls.at(-1)?.input.chain, CHAIN)
  assert.equal([...getBase58Encoder().encode(sent.signature)], new Array(64).fill(9))

  const unsupported = await provider
    .request({ method: 'solana_signTransaction', params: { transaction } })
    .catch((error) => error)
  assert.is(
    walletErrorCode(unsupported),
    4200,
    'a missing feature is an unsupported method (the adapter then falls back)',
  )
})

test('a refusal in the wallet reads as the person declining', async () => {
  const provider = parseStandardWallet(standardWallet('Shy Wallet', { decline: true }).wallet)?.providers?.solana
  const error = await provider?.request({ method: 'solana_requestAccounts' }).catch((failure) => failure)
  assert.ok(isUserRejection(error))
})

test.run()
