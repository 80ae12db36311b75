// Test wallet: personal_sign and eth_sendTransaction are approved by the person, then signed by
// the anvil node (the account is unlocked there); viem checks the results on the chain.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, custom, http, parseEther, verifyMessage, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import { createTestWalletProvider } from '../../../demo/test-wallet/provider.js'
import { startChain, type AnvilChain } from './anvil-chains'
import { ACCOUNT, RECIPIENT, rejectsWith, scriptedPerson } from './helpers'

let chain: AnvilChain
let client: ReturnType<typeof createPublicClient>

test.before(async () => {
  chain = await startChain(31337)
  client = createPublicClient({ transport: http(chain.rpcUrl) })
})
test.after(async () => {
  await chain?.stop()
})

function makeWallet() {
  const person = scriptedPerson()
  const provider = createTestWalletProvider({
    chains: [{ chainId: 31337, name: 'Localhost', rpcUrl: chain.rpcUrl }],
    approve: person.approve,
    origin: 'http://127.0.0.1:5173',
  })
  return { provider, person }
}

async function connectedWallet() {
  const wallet = makeWallet()
  wallet.person.willApprove()
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  return wallet
}

const toHex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}` as Hex

test('personal_sign: the prompt shows the decoded text; the signature verifies against the account', async () => {
  const { provider, person } = await connectedWallet()
  const message = 'Sign in to SigKit\nNonce: 42 ✓'
  person.willApprove()
  const signature = (await provider.request({ method: 'personal_sign', params: [toHex(message), ACCOUNT] })) as Hex
  assert.is(person.asked.at(-1)!.action, 'Sign message')
  assert.is(person.asked.at(-1)!.summary, message)
  assert.ok(await verifyMessage({ address: ACCOUNT, message, signature }))
})

test('personal_sign: plain text is accepted; binary data is shown as hex', async () => {
  const { provider, person } = await connectedWallet()
  person.willApprove()
  const signature = (await provider.request({ method: 'personal_sign', params: ['hello', ACCOUNT] })) as Hex
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'hello', signature }))

  const hash = `0x${'00ff'.repeat(16)}` as Hex
  person.willApprove()
  const hashSignature = (await provider.request({
    method: 'personal_sign',
    params: [hash, ACCOUNT.toLowerCase()],
  })) as Hex
  assert.is(person.asked.at(-1)!.summary, hash)
  assert.ok(await verifyMessage({ address: ACCOUNT, message: { raw: hash }, signature: hashSignature }))
})

test('personal_sign: reject gives 4001; unauthorized site or another address gives 4100 without a prompt', async () => {
  const fresh = makeWallet()
  await rejectsWith(fresh.provider.request({ method: 'personal_sign', params: [toHex('hi'), ACCOUNT] }), 4100)
  assert.is(fresh.person.asked.length, 0)

  const { provider, person } = await connectedWallet()
  person.willReject()
  await rejectsWith(
    provider.request({ method: 'personal_sign', params: [toHex('hi'), ACCOUNT] }),
    4001,
    'User rejected the request.',
  )
  await rejectsWith(provider.request({ method: 'personal_sign', params: [toHex('hi'), RECIPIENT] }), 4100)
  await rejectsWith(provider.request({ method: 'personal_sign', params: [ACCOUNT] }), -32602)
  assert.is(person.pendingAnswers, 0)
})

test('eth_sendTransaction: approve sends through the node and moves the recipient balance', async () => {
  const { provider, person } = await connectedWallet()
  const before = await client.getBalance({ address: RECIPIENT })
  person.willApprove()
  const hash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: ACCOUNT, to: RECIPIENT, value: `0x${parseEther('1.5').toString(16)}` }],
  })) as Hex
  assert.is(person.asked.at(-1)!.action, 'Send transaction')
  assert.is(person.asked.at(-1)!.summary, `To ${RECIPIENT} · 1.5 ETH · on Localhost (chain 31337)`)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 }) // anvil can return the hash a moment before the block
  assert.is(receipt.status, 'success')
  assert.is(receipt.from.toLowerCase(), ACCOUNT.toLowerCase())
  assert.is(await client.getBalance({ address: RECIPIENT }), before + parseEther('1.5'))
  // The receipt is also readable through the wallet, as a dapp would poll it.
  const viaWallet: any = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
  assert.is(viaWallet.transactionHash, hash)
})

test('eth_sendTransaction: reject gives 4001 and nothing is sent; wrong from gives 4100; bad fields -32602', async () => {
  const { provider, person } = await connectedWallet()
  const nonce = await client.getTransactionCount({ address: ACCOUNT })
  person.willReject()
  await rejectsWith(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECIPIENT, value: '0x1' }] }),
    4001,
  )
  assert.is(await client.getTransactionCount({ address: ACCOUNT }), nonce)
  await rejectsWith(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: RECIPIENT, to: ACCOUNT, value: '0x1' }] }),
    4100,
  )
  await rejectsWith(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECIPIENT, value: '1000' }] }),
    -32602,
  )
  await rejectsWith(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: 'bob', value: '0x1' }] }),
    -32602,
  )
  await rejectsWith(
    provider.request({ method: 'eth_sendTransaction', params: [{ to: RECIPIENT, value: '0x1', chainId: '0x1' }] }),
    -32602,
  )
  await rejectsWith(provider.request({ method: 'eth_sendTransaction', params: [] }), -32602)
  assert.is(person.pendingAnswers, 0)

  const fresh = makeWallet()
  await rejectsWith(
    fresh.provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: RECIPIENT, value: '0x1' }] }),
    4100,
  )
})

test('viem wallet client over the provider: requestAddresses, signMessage, sendTransaction', async () => {
  const { provider, person } = makeWallet()
  const wallet = createWalletClient({ chain: foundry, transport: custom(provider) })
  person.willApprove(3)
  const [address] = await wallet.requestAddresses()
  assert.is(address, ACCOUNT)
  const signature = await wallet.signMessage({ account: ACCOUNT, message: 'viem says hi' })
  assert.ok(await verifyMessage({ address: ACCOUNT, message: 'viem says hi', signature }))
  const before = await client.getBalance({ address: RECIPIENT })
  const hash = await wallet.sendTransaction({ account: ACCOUNT, to: RECIPIENT, value: 7n })
  await client.waitForTransactionReceipt({ hash })
  assert.is(await client.getBalance({ address: RECIPIENT }), before + 7n)
  // viem surfaces the wallet's 4001 as its UserRejectedRequestError.
  person.willReject()
  try {
    await wallet.signMessage({ account: ACCOUNT, message: 'no' })
    assert.unreachable('should have been rejected')
  } catch (error: any) {
    assert.is(error.name, 'UserRejectedRequestError')
  }
})

test.run()
