// WalletConnect end to end on the sandbox: universal-provider (the dapp side SigKit uses) pairs
// with the WalletConnect test wallet through the relay double, gets EVM, Solana and Bitcoin
// accounts, and every signature it gets back checks out against the signer.
import { createPublicKey, verify } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, parseEther, recoverPublicKey, toHex, verifyMessage, type Hex } from 'viem'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { base58Decode, base58Encode, bitcoinMessageHash } from '../../../demo/walletconnect-wallet/node.mjs'
import { bitcoinSignerFrom } from '../../../demo/walletconnect-wallet/signers.js'
import {
  BITCOIN_MAINNET,
  SOLANA_MAINNET,
  connectAndApprove,
  eventually,
  exitSoon,
  rejection,
  startDapp,
  startWallet,
  type Dapp,
  type Wallet,
} from './helpers'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
let wallet: Wallet
let dapp: Dapp
let session: any
/** What the scripted person answers next (true = approve); empty = approve. */
const answers: boolean[] = []
const asked: string[] = []

test.before(async () => {
  sandbox = await startSandbox()
  wallet = await startWallet(sandbox.relayUrl, sandbox.chains, {
    approve: (request: { method: string }) => {
      asked.push(request.method)
      return answers.shift() ?? true
    },
  })
  dapp = await startDapp(sandbox.relayUrl, sandbox.chains)
})

test.after(async () => {
  await dapp?.stop()
  await wallet?.stop()
  await sandbox?.stop()
  exitSoon()
})

test('pairs through the relay and approves eip155, solana and bip122 with an account each', async () => {
  const started = Date.now()
  const result = await connectAndApprove(dapp, wallet)
  session = result.session
  assert.ok(Date.now() - started < 3000, `connected in ${Date.now() - started} ms`)
  assert.is(dapp.uris.length, 1)
  assert.match(dapp.uris[0]!, /^wc:[0-9a-f]{64}@2\?/)

  assert.equal(Object.keys(session.namespaces).sort(), ['bip122', 'eip155', 'solana'])
  assert.equal(session.namespaces.eip155.accounts, [`eip155:31337:${ACCOUNT}`, `eip155:31338:${ACCOUNT}`])
  assert.equal(session.namespaces.solana.accounts, [`${SOLANA_MAINNET}:${wallet.solanaAddress}`])
  assert.equal(session.namespaces.bip122.accounts, [`${BITCOIN_MAINNET}:${wallet.bitcoinAddress}`])
  assert.ok(session.namespaces.eip155.methods.includes('personal_sign'))
  assert.ok(session.namespaces.eip155.events.includes('chainChanged'))
  assert.ok(session.namespaces.solana.methods.includes('solana_signMessage'))
  assert.ok(session.namespaces.bip122.methods.includes('signMessage'))
  assert.is(session.peer.metadata.name, 'SigKit WalletConnect Test Wallet')

  // Both sides hold the same session; the wallet's address formats are right.
  assert.equal(
    wallet.sessions().map((each) => each.topic),
    [session.topic],
  )
  assert.is(wallet.evmAddress, ACCOUNT)
  assert.match(wallet.solanaAddress, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  assert.match(wallet.bitcoinAddress, /^bc1q[02-9ac-hj-np-z]{38}$/)
  const accounts = await dapp.provider.enable()
  assert.ok(accounts.includes(ACCOUNT), `enable() → ${accounts.join(', ')}`)
})

test('personal_sign: the signature verifies against the wallet address (viem verifyMessage)', async () => {
  const message = 'Sign in to SigKit: nonce 42'
  const signature = (await dapp.provider.request(
    { method: 'personal_sign', params: [toHex(message), ACCOUNT] },
    'eip155:31337',
  )) as Hex
  assert.match(signature, /^0x[0-9a-f]{130}$/)
  assert.ok(await verifyMessage({ address: ACCOUNT, message, signature }))
  assert.not.ok(await verifyMessage({ address: RECIPIENT, message, signature }))
  assert.is(asked.at(-1), 'personal_sign')
})

test('solana_signMessage: an ed25519 signature that verifies against the public key (node:crypto)', async () => {
  const message = new TextEncoder().encode('Sign in to SigKit on Solana')
  const { signature } = (await dapp.provider.request(
    { method: 'solana_signMessage', params: { message: base58Encode(message), pubkey: wallet.solanaAddress } },
    SOLANA_MAINNET,
  )) as { signature: string }
  const bytes = base58Decode(signature)
  assert.is(bytes.length, 64)
  const publicKey = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(base58Decode(wallet.solanaAddress)),
    ]),
    format: 'der',
    type: 'spki',
  })
  assert.ok(verify(null, Buffer.from(message), publicKey, Buffer.from(bytes)), 'signature verifies')
  assert.not.ok(verify(null, Buffer.from('something else'), publicKey, Buffer.from(bytes)))
})

test('bip122 signMessage: a BIP-137 signature by the key behind the address', async () => {
  const result = (await dapp.provider.request(
    {
      method: 'signMessage',
      params: { message: 'hello bitcoin', account: wallet.bitcoinAddress, address: wallet.bitcoinAddress },
    },
    BITCOIN_MAINNET,
  )) as { address: string; signature: string }
  assert.is(result.address, wallet.bitcoinAddress)
  const bytes = Buffer.from(result.signature, 'base64')
  assert.is(bytes.length, 65)
  assert.ok(bytes[0]! >= 39 && bytes[0]! <= 42, 'P2WPKH header byte')
  const recovered = await recoverPublicKey({
    hash: bitcoinMessageHash('hello bitcoin'),
    signature: `0x${bytes.subarray(1).toString('hex')}${(27 + bytes[0]! - 39).toString(16)}` as Hex,
  })
  const { publicKey } = bitcoinSignerFrom() // compressed, hex without 0x
  assert.is(recovered.slice(4, 68), publicKey.slice(2), 'recovered key is the key behind the address')
})

test('eth_sendTransaction: the wallet signs and sends it to the chain the dapp is on', async () => {
  const client = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
  const before = await client.getBalance({ address: RECIPIENT })
  const hash = (await dapp.provider.request(
    { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECIPIENT, value: toHex(parseEther('0.5')) }] },
    'eip155:31337',
  )) as Hex
  assert.match(hash, /^0x[0-9a-f]{64}$/)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  assert.is(receipt.status, 'success')
  assert.is(receipt.from.toLowerCase(), ACCOUNT.toLowerCase())
  assert.is((await client.getBalance({ address: RECIPIENT })) - before, parseEther('0.5'))
})

test('wallet_switchEthereumChain: the wallet switches and the dapp sees chainChanged', async () => {
  const seen = dapp.events.chainChanged!.length
  // Straight to the wallet (universal-provider switches between approved chains by itself).
  const result = await dapp.provider.client.request({
    topic: session.topic,
    chainId: 'eip155:31337',
    request: { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(31338) }] },
  })
  assert.is(result, null)
  await eventually(() => dapp.events.chainChanged!.length > seen, 'chainChanged on the dapp')
  assert.is(Number(dapp.events.chainChanged!.at(-1)), 31338)
  assert.is(wallet.currentChain(session.topic), 'eip155:31338')
  assert.is(await dapp.provider.request({ method: 'eth_chainId' }), 31338)

  // The wallet switching on its own (a person picking another network) reaches the dapp too.
  await wallet.emitChainChanged(31337)
  await eventually(() => Number(dapp.events.chainChanged!.at(-1)) === 31337, 'chainChanged back to 31337')

  // A chain the wallet does not know: 4902.
  const error = await rejection(
    dapp.provider.client.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
    }),
  )
  assert.is(error.code, 4902)
})

test('accountsChanged from the wallet reaches the dapp', async () => {
  await wallet.emitAccountsChanged([ACCOUNT])
  await eventually(() => dapp.events.accountsChanged!.length > 0, 'accountsChanged')
  assert.equal(dapp.events.accountsChanged!.at(-1), [ACCOUNT])
})

test('a request the person rejects fails with 4001, and nothing is signed', async () => {
  answers.push(false)
  const before = wallet.requests().length
  const error = await rejection(
    dapp.provider.request({ method: 'personal_sign', params: [toHex('no'), ACCOUNT] }, 'eip155:31337'),
  )
  assert.is(error.code, 4001, `code ${error.code}: ${error.message}`)
  assert.match(error.message, /rejected/i)
  const record = wallet.requests()[before]!
  assert.is(record.outcome, 'rejected')
  assert.is(record.result, undefined)
  // The next one goes through again.
  const signature = await dapp.provider.request(
    { method: 'personal_sign', params: [toHex('yes'), ACCOUNT] },
    'eip155:31337',
  )
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'yes', signature: signature as Hex }))
})

test('a method the wallet does not have fails with 4200; a foreign address with 4100', async () => {
  const unsupported = await rejection(
    dapp.provider.client.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'eth_sign', params: [ACCOUNT, '0x00'] },
    }),
  )
  assert.ok(
    [4200, 5101].includes(unsupported.code) || /eth_sign|unsupported|not support/i.test(unsupported.message),
    `${unsupported.code} ${unsupported.message}`,
  )
  const foreign = await rejection(
    dapp.provider.request({ method: 'personal_sign', params: [toHex('x'), RECIPIENT] }, 'eip155:31337'),
  )
  assert.is(foreign.code, 4100)
})

test.run()
