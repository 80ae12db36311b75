// Shared pieces of the test wallet's integration tests: the scripted person who answers the
// wallet's prompts, and a way to assert on EIP-1193 errors.
import * as assert from 'uvu/assert'
import type { ApprovalRequest } from '../../../demo/test-wallet/provider.js'

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Anvil account #2: the recipient of test payments, untouched by other tests in the file. */
export const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/**
 * The person in front of the wallet, scripted: each prompt takes the next queued answer. A prompt
 * with no answer queued fails the request (-32603), so an unexpected prompt shows up in the test.
 */
export function scriptedPerson() {
  const answers: boolean[] = []
  const asked: ApprovalRequest[] = []
  return {
    asked,
    willApprove(times = 1) {
      for (let i = 0; i < times; i++) answers.push(true)
    },
    willReject() {
      answers.push(false)
    },
    approve: async (request: ApprovalRequest) => {
      asked.push(request)
      const answer = answers.shift()
      if (answer === undefined) throw new Error(`unexpected prompt for ${request.method}`)
      return answer
    },
    get pendingAnswers() {
      return answers.length
    },
  }
}

/** Awaits `promise`, which must reject with an EIP-1193 error of `code`; returns the error. */
export async function rejectsWith(promise: Promise<unknown>, code: number, message?: string | RegExp) {
  let error: any
  try {
    const value = await promise
    assert.unreachable(`expected error ${code}, got ${JSON.stringify(value)}`)
  } catch (caught) {
    error = caught
  }
  if (error?.name === 'Assertion') throw error
  assert.is(error?.code, code, `expected code ${code}, got ${error?.code}: ${error?.message}`)
  if (typeof message === 'string') assert.is(error.message, message)
  else if (message) assert.match(error.message, message)
  return error
}

/** Records every event the provider emits, by name. */
export function recordEvents(provider: { on(event: string, listener: (...args: any[]) => void): unknown }) {
  const seen: Record<'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged', unknown[]> = {
    connect: [],
    disconnect: [],
    accountsChanged: [],
    chainChanged: [],
  }
  for (const name of Object.keys(seen) as (keyof typeof seen)[]) {
    provider.on(name, (value: unknown) => seen[name].push(value))
  }
  return seen
}
