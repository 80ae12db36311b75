/**
 * `usePay`: the payment as React state, for a dapp's button.
 */
import { useCallback, useRef, useState } from 'react'
import { PayError, type PayArguments, type PayResult } from './arguments'
import { openPay } from './open'

/** Where the hook's payment stands. */
export type PayStatus = 'idle' | 'pending' | 'success' | 'error'

/** What {@link usePay} takes. */
export interface UsePayOptions {
  onSuccess?: (result: PayResult) => void
  onError?: (error: PayError) => void
}

/** What {@link usePay} returns. */
export interface UsePayReturn {
  /** Opens the Pay view; resolves with the result, or undefined when the payment did not succeed (see `error`). */
  pay(args: PayArguments): Promise<PayResult | undefined>
  status: PayStatus
  result: PayResult | undefined
  error: PayError | undefined
  isPending: boolean
  isSuccess: boolean
  isError: boolean
}

/**
 * Asks the visitor to pay, keeping the status, the result and the error as state.
 *
 * @example
 * ```tsx
 * const { pay, isPending, result, error } = usePay()
 * <button disabled={isPending} onClick={() => pay({ recipient, amount: '5', asset: usdcOnBase })}>Pay 5 USDC</button>
 * ```
 */
export function usePay(options: UsePayOptions = {}): UsePayReturn {
  const [state, setState] = useState<{ status: PayStatus; result?: PayResult; error?: PayError }>({
    status: 'idle',
  })
  // The latest callbacks, without making `pay` change identity on every render.
  const callbacks = useRef(options)
  callbacks.current = options
  const pay = useCallback(async (args: PayArguments) => {
    setState({ status: 'pending' })
    try {
      const result = await openPay(args)
      setState({ status: 'success', result })
      callbacks.current.onSuccess?.(result)
      return result
    } catch (caught) {
      const error = caught instanceof PayError ? caught : new PayError('failed', String(caught), { cause: caught })
      setState({ status: 'error', error })
      callbacks.current.onError?.(error)
      return undefined
    }
  }, [])
  return {
    pay,
    status: state.status,
    result: state.result,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  }
}
