// What the visitor is told for a wallet or RPC error (SPEC §8): the wallet codes, the standard
// JSON-RPC range, and any other RPC text only with the `debug` option.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  ChainDisconnectedError,
  InternalRpcError,
  RpcRequestError,
  TransactionExecutionError,
  UnauthorizedProviderError,
} from 'viem'
import {
  CAPABILITY_ERROR_MESSAGES,
  GENERIC_RPC_ERROR_TEXT,
  WALLET_ERROR_CODES,
  describeWalletError,
  walletErrorCode,
} from '../../../src/lib/wallet-errors'
import { configureLog, getLogs, resetLog } from '../../../src/lib/logger'

const quiet = { warn: console.warn }
test.before.each(() => {
  resetLog()
  console.warn = () => undefined
})
test.after.each(() => {
  console.warn = quiet.warn
})

/** An error as a wallet raises it (EIP-1193: a code and a message). */
function walletError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

test('4100 unauthorized and 4901 chain disconnected: their meaning, however deep viem wraps them', () => {
  assert.is(WALLET_ERROR_CODES.unauthorized, 4100)
  assert.is(WALLET_ERROR_CODES.chainDisconnected, 4901)
  assert.is(describeWalletError(walletError(4100, 'Unauthorized')), 'The wallet has not authorized this request')
  assert.is(describeWalletError(walletError(4901, 'chain gone')), 'The wallet is not connected to this network')
  // viem's own classes for the same codes, as its providers raise them.
  const unauthorized = new UnauthorizedProviderError(walletError(4100, 'no'))
  assert.is(walletErrorCode(unauthorized), 4100)
  assert.is(describeWalletError(unauthorized), 'The wallet has not authorized this request')
  const disconnected = new TransactionExecutionError(new ChainDisconnectedError(walletError(4901, 'x')), {
    account: undefined,
  } as never)
  assert.is(describeWalletError(disconnected), 'The wallet is not connected to this network')
})

test('the standard JSON-RPC errors -32700..-32000 each have a message, the rest of the range a generic one', () => {
  const expected: [number, string][] = [
    [-32700, 'The request could not be parsed'],
    [-32600, 'The request is not valid'],
    [-32601, 'The method does not exist'],
    [-32602, 'The request has invalid parameters'],
    [-32603, 'The wallet or network had an internal error'],
    [-32000, 'The request input is not valid'],
    [-32001, 'The requested resource was not found'],
    [-32002, 'The requested resource is not available'],
    [-32003, 'The transaction was rejected'],
    [-32004, 'The method is not supported'],
    [-32005, 'The request exceeds a limit, try again later'],
    [-32006, 'The JSON-RPC version is not supported'],
  ]
  for (const [code, text] of expected)
    assert.is(describeWalletError(walletError(code, 'raw node text')), text, `${code}`)
  for (const code of [-32099, -32050, -32010, -32500, -32699])
    assert.is(describeWalletError(walletError(code, 'raw')), 'The network could not process the request', `${code}`)
  // Outside the range: not a JSON-RPC standard error, so the raw text rule applies.
  assert.is(describeWalletError(walletError(-31999, 'raw')), GENERIC_RPC_ERROR_TEXT)
  assert.is(describeWalletError(new InternalRpcError(new Error('boom'))), 'The wallet or network had an internal error')
})

test("another RPC error's own text reaches the visitor only with debug on; it is logged either way", () => {
  const raw = walletError(5001, 'Relayer said: pool 0xabc exhausted\nstack…')
  assert.is(describeWalletError(raw), GENERIC_RPC_ERROR_TEXT)
  const viemError = new RpcRequestError({
    body: {},
    url: 'http://rpc',
    error: { code: 12345, message: 'odd node failure' },
  })
  assert.is(describeWalletError(viemError), GENERIC_RPC_ERROR_TEXT)
  assert.is(getLogs().length, 2)
  assert.match(getLogs()[0]!, /WARN wallet or RPC error .*pool 0xabc exhausted/)
  configureLog({ debug: true })
  assert.is(describeWalletError(raw), 'Relayer said: pool 0xabc exhausted')
  assert.is(describeWalletError(viemError), 'RPC Request failed.')
})

test("SigKit's own errors (written for the visitor) are always told as they are", () => {
  assert.is(describeWalletError(new Error('Amount exceeds balance')), 'Amount exceeds balance')
  assert.is(describeWalletError('Chain is not supported'), 'Chain is not supported')
  assert.is(describeWalletError(undefined), GENERIC_RPC_ERROR_TEXT)
  assert.is(getLogs().length, 0, 'not logged as RPC errors')
})

test('4001 and the codes SigKit reacts to keep their texts', () => {
  assert.is(describeWalletError(walletError(4001, 'denied')), 'User rejected the request')
  assert.is(describeWalletError(walletError(4200, 'x')), 'The wallet does not support this method')
  assert.is(describeWalletError(walletError(4900, 'x')), 'The wallet is disconnected')
  assert.is(describeWalletError(walletError(4902, 'x')), 'The wallet does not know this network')
})

test('SPEC §8 5700-5760: each EIP-5792 code has its readable message', () => {
  const expected: Record<number, string> = {
    5700: 'This Wallet does not support a capability that was not marked as optional.',
    5710: 'This Wallet does not support the requested chain ID.',
    5720: 'There is already a bundle submitted with this ID.',
    5730: 'This bundle id is unknown / has not been submitted',
    5740: 'The call bundle is too large for the Wallet to process.',
    5750: 'The Wallet can support atomicity after an upgrade, but the user rejected the upgrade.',
    5760: 'The wallet does not support atomic execution but the request requires it.',
  }
  assert.equal(CAPABILITY_ERROR_MESSAGES, expected)
  for (const [code, message] of Object.entries(expected))
    assert.is(describeWalletError({ code: Number(code), message: 'raw wallet text' }), message)
})

test('the code is found in a wrapped error (viem nests the wallet’s error in cause)', () => {
  const wrapped = Object.assign(new Error('An unknown RPC error occurred.'), { cause: { code: 5760, message: 'x' } })
  assert.is(describeWalletError(wrapped), 'The wallet does not support atomic execution but the request requires it.')
})

test('a capability code without its own message says the capability is missing; outside the range, the wallet’s text only in debug', () => {
  assert.is(describeWalletError({ code: 5755, message: 'x' }), 'The wallet cannot do this (capability not supported)')
  assert.is(describeWalletError({ code: 5761, message: 'Something else' }), GENERIC_RPC_ERROR_TEXT)
  configureLog({ debug: true })
  assert.is(describeWalletError({ code: 5761, message: 'Something else' }), 'Something else')
})

test.run()
