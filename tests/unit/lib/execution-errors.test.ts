// SPEC §8's typed execution errors as the visitor is told them: viem's classes (as SigKit's viem
// calls raise them) and a node's words passed on by a wallet, checked before the -32000 code most
// nodes give them all. The same failures from a real node: tests/integration/eip155/rpc-policy.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  TipAboveFeeCapError,
  TransactionExecutionError,
  TransactionTypeNotSupportedError,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { describeTransactionError, executionErrorKind } from '../../../src/lib/execution-errors'
import { GENERIC_RPC_ERROR_TEXT } from '../../../src/lib/wallet-errors'
import { resetLog } from '../../../src/lib/logger'

test.before.each(() => resetLog())

/** An error as a wallet raises it (EIP-1193: a code and a message). */
function walletError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

test("typed execution errors (viem's classes): each has a readable message", () => {
  const cases: [Error, string, string][] = [
    [new ExecutionRevertedError({ message: 'execution reverted: Ownable: caller is not the owner' }), 'reverted', ''],
    [
      new FeeCapTooHighError({ maxFeePerGas: 2n ** 256n }),
      'feeCapTooHigh',
      'The fee cap is higher than the highest allowed value',
    ],
    [new FeeCapTooLowError({ maxFeePerGas: 1n }), 'feeCapTooLow', "The fee cap is lower than the network's base fee"],
    [new NonceTooHighError({ nonce: 99 }), 'nonceTooHigh', 'The nonce is higher than the next one expected'],
    [new NonceTooLowError({ nonce: 0 }), 'nonceTooLow', 'The nonce was already used by another transaction'],
    [new NonceMaxValueError({ nonce: 2 ** 53 }), 'nonceMaxValue', 'The nonce has reached its highest value'],
    [new InsufficientFundsError({}), 'insufficientFunds', 'Insufficient funds for the amount and the network fee'],
    [
      new IntrinsicGasTooHighError({ gas: 10n ** 9n }),
      'intrinsicGasTooHigh',
      "The gas limit is above the block's limit",
    ],
    [new IntrinsicGasTooLowError({ gas: 1n }), 'intrinsicGasTooLow', 'The gas limit is too low for this transaction'],
    [
      new TransactionTypeNotSupportedError({}),
      'transactionTypeNotSupported',
      'The network does not support this transaction type',
    ],
    [new TipAboveFeeCapError({}), 'tipAboveFeeCap', 'The priority fee is higher than the fee cap'],
    [
      new WaitForTransactionReceiptTimeoutError({ hash: '0x01' }),
      'receiptTimeout',
      'Transaction confirmation timed out',
    ],
  ]
  for (const [error, kind, text] of cases) {
    assert.is(executionErrorKind(error), kind, error.name)
    // Wrapped as viem's actions wrap them (the typed error as the cause).
    const wrapped = new TransactionExecutionError(error as never, {} as never)
    assert.is(executionErrorKind(wrapped), kind, `${error.name} wrapped`)
    if (text) assert.is(describeTransactionError(wrapped), text, error.name)
  }
  assert.is(
    describeTransactionError(
      new ExecutionRevertedError({ message: 'execution reverted: Ownable: caller is not the owner' }),
    ),
    'The transaction would fail: Ownable: caller is not the owner',
  )
  assert.is(
    describeTransactionError(new ExecutionRevertedError({})),
    'The transaction would fail for an unknown reason',
  )
})

test("a node's words passed on by a wallet are the same typed errors, before their -32000 code", () => {
  const cases: [string, string][] = [
    ['nonce too low: next nonce 5, tx nonce 0', 'The nonce was already used by another transaction'],
    ['Insufficient funds for gas * price + value', 'Insufficient funds for the amount and the network fee'],
    ['intrinsic gas too low', 'The gas limit is too low for this transaction'],
    ['max fee per gas less than block base fee', "The fee cap is lower than the network's base fee"],
    ['max priority fee per gas higher than max fee per gas', 'The priority fee is higher than the fee cap'],
    ['execution reverted: not enough tokens', 'The transaction would fail: not enough tokens'],
  ]
  for (const [message, text] of cases) {
    assert.is(describeTransactionError(walletError(-32000, message)), text, message)
    // As an injected wallet nests the node's error under its own -32603.
    assert.is(
      describeTransactionError({
        code: -32603,
        message: 'Internal JSON-RPC error.',
        cause: walletError(-32000, message),
      }),
      text,
    )
  }
})

test('errors of no kind are told as any wallet error: codes, SigKit texts, RPC texts only with debug', () => {
  assert.is(executionErrorKind(walletError(4001, 'denied')), undefined)
  assert.is(describeTransactionError(walletError(4001, 'denied')), 'User rejected the request')
  assert.is(describeTransactionError(new Error('Amount exceeds balance')), 'Amount exceeds balance')
  const warn = console.warn
  console.warn = () => undefined
  try {
    assert.is(
      describeTransactionError(walletError(-32000, 'some other node failure')),
      'The request input is not valid',
    )
    assert.is(describeTransactionError(walletError(777, 'odd')), GENERIC_RPC_ERROR_TEXT)
  } finally {
    console.warn = warn
  }
})

test.run()
