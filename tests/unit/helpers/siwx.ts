/**
 * A dapp's sign-in back end (SIWXConfig) in memory for the SIWX unit tests: it records its calls,
 * keeps sessions by `chainId:address`, and tests replace its methods to break it.
 */
import type { SIWXConfig, SIWXMessageInput, SIWXSession } from '../../../src/core/config/siwx'

export interface FakeSIWX extends SIWXConfig {
  calls: {
    getSessions: string[]
    revokeSession: string[]
    addSession: SIWXSession[]
    setSessions: SIWXSession[][]
    createMessage: SIWXMessageInput[]
    getRequired: number
  }
  /** Signed-in sessions by `chainId:address`. */
  sessions: Map<string, SIWXSession[]>
  required: boolean
}

/** A dapp's sign-in back end in memory; tests replace methods to break it. */
export function fakeSIWX(): FakeSIWX {
  const calls: FakeSIWX['calls'] = {
    getSessions: [],
    revokeSession: [],
    addSession: [],
    setSessions: [],
    createMessage: [],
    getRequired: 0,
  }
  const sessions = new Map<string, SIWXSession[]>()
  const config: FakeSIWX = {
    calls,
    sessions,
    required: false,
    signOutOnDisconnect: false,
    async createMessage(input) {
      calls.createMessage.push(input)
      const data = { ...input, domain: 'app.example.com', uri: 'https://app.example.com', version: '1', nonce: 'n0nce' }
      return { ...data, toString: () => `sign in ${input.chainId}:${input.accountAddress}` }
    },
    async addSession(session) {
      calls.addSession.push(session)
    },
    async revokeSession(chainId, address) {
      calls.revokeSession.push(`${chainId}:${address}`)
      sessions.delete(`${chainId}:${address}`)
    },
    async setSessions(list) {
      calls.setSessions.push(list)
    },
    async getSessions(chainId, address) {
      calls.getSessions.push(`${chainId}:${address}`)
      return sessions.get(`${chainId}:${address}`) ?? []
    },
    getRequired() {
      calls.getRequired++
      return config.required
    },
  }
  return config
}
