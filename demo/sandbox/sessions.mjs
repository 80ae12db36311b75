// @ts-check
// Smart sessions of the API emulator (SPEC §7 `GET /v1/sessions/{id}`, `POST /v1/sessions/{id}/revoke`,
// HOSTED-API §4.2; the hosted service's own specification adds `POST /v1/sessions/{id}`, which grants
// one). `{id}` is the account's CAIP-10 address. A session is a permission the account granted a
// dapp; the list answers the account's sessions that are neither revoked nor expired, and a
// revocation is accepted only with the account's signature of the session's `pci` (what the widget
// asks the wallet to sign, as AppKit does), verified on the anvil chain the address names: an EOA
// by recovery, a smart account by ERC-1271, both through viem's verifyMessage (as names.mjs does).
// Sessions are kept in `sessions.json` in the sandbox's data folder, written atomically, so they
// survive a restart.
//
//   const sessions = await createSessions({ dataDir, clientFor })
//   sessions.routes, sessions.handlers    // merged into the emulator's routing table
//   sessions.list()                       // every record (revoked ones too), oldest first
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { isAddress, isHex } from 'viem'
import { readDataFile, writeAtomically } from './data-file.mjs'

/** How long a session granted without an `expiry` lasts. */
export const DEFAULT_SESSION_LIFE_S = 7 * 24 * 60 * 60
/** The sessions file's format. */
const FILE_VERSION = 1
const CAIP10_EVM = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/

export const SESSION_ROUTES = Object.freeze([
  { name: 'smartSessions', method: 'GET', pattern: /^\/v1\/sessions\/([^/]+)$/ },
  { name: 'smartSessionGrant', method: 'POST', pattern: /^\/v1\/sessions\/([^/]+)$/ },
  { name: 'smartSessionRevoke', method: 'POST', pattern: /^\/v1\/sessions\/([^/]+)\/revoke$/ },
])

/**
 * A session as answered (`{ pcis: SmartSession[] }`). `createdAt` in ms, `expiry` in Unix seconds;
 * `revokedAt` (ms) only in the file, a revoked session is no longer listed.
 * @typedef {{
 *   pci: string,
 *   account: string,
 *   project: { id: string, name: string, url?: string },
 *   createdAt: number,
 *   expiry: number,
 *   permissions: { type: string, data: string, required: boolean, onChainValidated: boolean }[],
 *   signer: { type: 'keys', data: { ids: string[] } },
 *   revokedAt?: number,
 * }} SessionRecord
 */

/** A refusal in the hosted error shape. */
const failed = (/** @type {number} */ status, /** @type {string} */ field, /** @type {string} */ description) => ({
  status,
  body: { status: 'FAILED', reasons: [{ field, description }] },
})

/**
 * @param {{
 *   dataDir: string,
 *   clientFor: (chainId: number) => { verifyMessage: (args: { address: `0x${string}`, message: string, signature: `0x${string}` }) => Promise<boolean> } | undefined,
 *   now?: () => number,
 * }} options `clientFor`: a viem public client of a sandbox chain (undefined: not one of them)
 */
export async function createSessions({ dataDir, clientFor, now = Date.now }) {
  const file = join(dataDir, 'sessions.json')
  /** By pci, in grant order. @type {Map<string, SessionRecord>} */
  /** @type {SessionRecord[]} */
  const stored = await readDataFile(file, { version: FILE_VERSION, key: 'sessions', valid: isSessionRecord })
  const records = new Map(stored.map((record) => [record.pci, record]))
  let writing = Promise.resolve()

  function persist() {
    const text = `${JSON.stringify({ version: FILE_VERSION, sessions: [...records.values()] }, null, 2)}\n`
    const written = writing.catch(() => undefined).then(() => writeAtomically(file, text))
    writing = written
    return written
  }

  /** The account a path names, or a 400 answer. */
  function accountOf(/** @type {string} */ id) {
    const match = CAIP10_EVM.exec(id)
    if (!match || !isAddress(/** @type {string} */ (match[2]), { strict: false }))
      return { error: failed(400, 'address', 'The address must be a CAIP-10 EVM address') }
    const chainId = Number(match[1])
    const client = clientFor(chainId)
    if (!client) return { error: failed(400, 'address', `Unsupported chain eip155:${chainId}`) }
    return { account: `eip155:${chainId}:${/** @type {string} */ (match[2]).toLowerCase()}`, chainId, client }
  }

  const isActive = (/** @type {SessionRecord} */ record) =>
    record.revokedAt === undefined && record.expiry * 1000 > now()
  /** A record as answered: without the revocation bookkeeping. @param {SessionRecord} record */
  const answer = ({ revokedAt: _revokedAt, ...record }) => record

  /** @type {Record<string, (request: { url: URL, params: string[], body: unknown }) => Promise<{ status?: number, body: unknown }>>} */
  const handlers = {
    async smartSessions({ params: [id = ''] }) {
      const target = accountOf(id)
      if (target.error) return target.error
      const pcis = [...records.values()].filter((record) => record.account === target.account && isActive(record))
      return { body: { pcis: pcis.map(answer) } }
    },
    async smartSessionGrant({ url, params: [id = ''], body }) {
      const target = accountOf(id)
      if (target.error) return target.error
      const request = /** @type {Record<string, any>} */ (body && typeof body === 'object' ? body : {})
      const permission = request['permission']
      if (!permission || typeof permission !== 'object' || typeof permission.permissionType !== 'string')
        return failed(400, 'permission', 'permission must be { permissionType, data, required, onChainValidated }')
      const expiry = request['expiry'] ?? Math.floor(now() / 1000) + DEFAULT_SESSION_LIFE_S
      if (!Number.isInteger(expiry) || expiry * 1000 <= now())
        return failed(400, 'expiry', 'expiry must be a future time in Unix seconds')
      const project = request['project'] && typeof request['project'] === 'object' ? request['project'] : {}
      const key = privateKeyToAccount(generatePrivateKey()).publicKey
      /** @type {SessionRecord} */
      const record = {
        pci: randomUUID(),
        account: target.account,
        project: {
          id: url.searchParams.get('projectId') ?? '',
          name: typeof project.name === 'string' && project.name.trim() !== '' ? project.name.slice(0, 80) : 'Dapp',
          ...(typeof project.url === 'string' && /^https?:\/\//.test(project.url) ? { url: project.url } : {}),
        },
        createdAt: now(),
        expiry,
        permissions: [
          {
            type: permission.permissionType,
            data: typeof permission.data === 'string' ? permission.data : '',
            required: permission.required === true,
            onChainValidated: permission.onChainValidated === true,
          },
        ],
        signer: { type: 'keys', data: { ids: [key] } },
      }
      records.set(record.pci, record)
      try {
        await persist()
      } catch (error) {
        records.delete(record.pci)
        throw error
      }
      return { body: { pci: record.pci, key } }
    },
    async smartSessionRevoke({ params: [id = ''], body }) {
      const target = accountOf(id)
      if (target.error) return target.error
      const request = /** @type {Record<string, unknown>} */ (body && typeof body === 'object' ? body : {})
      const { pci, signature } = request
      if (typeof pci !== 'string' || pci === '') return failed(400, 'pci', 'pci must be the session id')
      if (typeof signature !== 'string' || !isHex(signature) || signature.length < 132)
        return failed(400, 'signature', 'signature must be a hex signature')
      const record = records.get(pci)
      if (!record || record.account !== target.account || !isActive(record))
        return failed(404, 'pci', 'No active session with this pci for this account')
      const address = /** @type {`0x${string}`} */ (target.account.split(':')[2])
      let valid
      try {
        valid = await target.client.verifyMessage({
          address,
          message: pci,
          signature: /** @type {`0x${string}`} */ (signature),
        })
      } catch (error) {
        return {
          status: 502,
          body: {
            error: `Chain eip155:${target.chainId} did not answer`,
            detail: String(error instanceof Error ? error.message : error),
          },
        }
      }
      if (!valid) return failed(401, 'signature', 'The signature is not the account’s')
      record.revokedAt = now()
      try {
        await persist()
      } catch (error) {
        delete record.revokedAt
        throw error
      }
      return { status: 202, body: { success: true } }
    },
  }

  return {
    routes: SESSION_ROUTES,
    handlers,
    file,
    /** Every record, revoked ones too, oldest first (copies). */
    list: () => structuredClone([...records.values()]),
    /** Settles once every change so far is on disk (or failed to be). */
    flushed: () => writing.catch(() => undefined),
  }
}

/** @param {any} record */
const isSessionRecord = (record) =>
  typeof record?.pci === 'string' && typeof record.account === 'string' && Number.isInteger(record.expiry)
