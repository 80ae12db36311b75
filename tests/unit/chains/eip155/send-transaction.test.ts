// A wallet on another chain than the connection SigKit shows (one that did not report its switch):
// the eip155 adapter refuses to send before anything is estimated or reaches the wallet as a
// transaction (SPEC §8 connector error "chain mismatch between connector and connection"). The
// sends themselves, against the sandbox's chains, are tests/integration/eip155/adapter.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rejection } from '../../../helpers/async'
import { createEip155Adapter } from '../../../../src/chains/eip155'
import { assertWalletChain } from '../../../../src/chains/eip155/send-transaction'
import { validateOptions } from '../../../../src/core/config/options'
import type { EIP1193Provider } from '../../../../src/core/types'
import { localhost } from '../../../helpers/networks'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MISMATCH = "The current chain of the connector (id: 31338) does not match the connection's chain (id: 31337)"

/** A wallet on `chainId` that records every method it is asked. */
function walletOn(chainId: string): EIP1193Provider & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    request: async ({ method }) => {
      asked.push(method)
      if (method === 'eth_chainId') return chainId
      throw new Error(`unexpected ${method}`)
    },
  }
}

const { projectId, endpoints } = validateOptions({ projectId: 'p1', networks: [localhost] })
const adapter = createEip155Adapter({ projectId, endpoints })

test('a send while the wallet is on another chain is refused with the mismatch, nothing sent', async () => {
  const wallet = walletOn('0x7a6a')
  const error = await rejection(
    adapter.sendTransaction({ provider: wallet, network: localhost, from: FROM, to: TO, amount: '0.01' }),
  )
  assert.is(error.message, MISMATCH)
  assert.equal(wallet.asked, ['eth_chainId'])
})

test('a contract call (swaps, pay) while the wallet is on another chain is refused the same way', async () => {
  const wallet = walletOn('0x7a6a')
  const error = await rejection(
    adapter.sendCall!({ provider: wallet, network: localhost, from: FROM, to: TO, data: '0x' }),
  )
  assert.is(error.message, MISMATCH)
  assert.equal(wallet.asked, ['eth_chainId'])
})

test('the wallet on the connection’s chain passes; a chain id that is no chain id is refused', async () => {
  await assertWalletChain(walletOn('0x7a69'), localhost)
  assert.is(
    (await rejection(assertWalletChain(walletOn('banana'), localhost))).message,
    'Invalid chain id from wallet: banana',
  )
})

test.run()
