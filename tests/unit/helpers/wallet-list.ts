import type { ServerResponse } from 'node:http'
import { queryWallets } from '../../../demo/sandbox/wallets.mjs'
import type { WalletListing } from '../../../src/core/types'
import { sendJson, type RecordedRequest } from './server'

/** Answers a `/getWallets` request from `wallets` with the sandbox emulator's own query function. */
export function answerWalletList(
  request: RecordedRequest,
  response: ServerResponse,
  wallets: readonly WalletListing[],
): void {
  const list = (key: string) => (request.query.get(key) ?? '').split(',').filter(Boolean)
  sendJson(
    response,
    200,
    queryWallets(wallets as never, {
      page: Number(request.query.get('page') ?? 1),
      entries: Number(request.query.get('entries') ?? 40),
      include: list('include'),
      exclude: list('exclude'),
      chains: list('chains'),
      search: request.query.get('search') ?? '',
    }),
  )
}
