/**
 * The secure frame's wire protocol as the widget speaks it (shared/EMBEDDED-FRAME.md): message
 * names, the RPC method lists, the texts and timings, and validators for every reply. The frame
 * is another origin's page: nothing it posts is used before it passes the validator of the
 * request it answers.
 * @internal
 */
import { webLink } from '../../lib/links'
import { isPlainName, outsideText } from '../../lib/outside-text'
import { isRecord } from '../../lib/validate'

/** Prefix of the messages the widget posts (app events). @internal */
export const APP_PREFIX = '@w3m-app/'

/** Prefix of the messages the frame posts (frame events). @internal */
export const FRAME_PREFIX = '@w3m-frame/'

/** The secure-site SDK version sent in the frame URL (EMBEDDED-FRAME.md §1.1). @internal */
export const SECURE_SITE_VERSION = '4'

/** Timings (SPEC §9). @internal */
export const FRAME_TIMING = {
  /** The frame must say READY within this long, else `iframe_load_failed`. */
  loadTimeoutMs: 20_000,
  /** Wait after READY before the first message (the frame finishes its own start-up). */
  readySettleMs: 500,
  /** The connect requests must be answered within this long, else `iframe_request_timeout`. */
  requestTimeoutMs: 30_000,
  /** IS_CONNECTED while a namespace is connected through the frame. */
  heartbeatMs: 5000,
  /** A second code email is refused within this long of the last. */
  emailThrottleMs: 30_000,
  /** Delay before 'Action not allowed' shows for a refused method. */
  refusedNoticeMs: 300,
} as const

/**
 * App events with the request timeout (SPEC §9: connect email, device, OTP, social, redirect URI;
 * and the other requests a view waits on). @internal
 */
export const TIMED_REQUESTS: ReadonlySet<string> = new Set([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  // Not timed by the hosted client, which then leaves the visitor with a spinner for good.
  'GET_FARCASTER_URI',
  'SET_PREFERRED_ACCOUNT',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  // The hosted frame's answers to these are not ones AppKit reads: never wait on one for good.
  'GET_CHAIN_ID',
  'INIT_SMART_ACCOUNT',
])

/** App events that wait for READY without the load timer (EMBEDDED-FRAME.md §5.2). @internal */
export const UNTIMED_BEFORE_READY: ReadonlySet<string> = new Set([
  'SYNC_DAPP_DATA',
  'SYNC_THEME',
  'SET_PREFERRED_ACCOUNT',
])

/** RPC methods the frame answers without asking the person (SPEC §6, EMBEDDED-FRAME.md §4.2). @internal */
export const SAFE_METHODS: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'wallet_getAssets',
])

/** RPC methods the frame shows its own approval screen for: ApproveTransaction opens. @internal */
export const APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/**
 * The chains the hosted secure frame serves by itself (SPEC §3; EMBEDDED-FRAME.md §11), as CAIP-2
 * ids. Other chains of the embedded wallet's namespaces are served through the RPC URL the widget
 * sends with the chain (the frame URL's and each request's `rpcUrl`). @internal
 */
export const FRAME_CHAINS: ReadonlySet<string> = new Set([
  ...[
    1, 5, 11155111, 10, 420, 42161, 421613, 137, 80001, 42220, 1313161554, 1313161555, 56, 97, 43114, 43113, 324, 280,
    100, 8453, 84531, 84532, 7777777, 999,
  ].map((id) => `eip155:${id}`),
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
])

/**
 * Whether the secure frame can serve a network: one of its namespaces, and a chain it knows or
 * one the widget can hand it an http(s) RPC URL for. @internal
 */
export function frameServes(network: {
  caipNetworkId: string
  chainNamespace: string
  rpcUrls: { default: { http: readonly string[] } }
}): boolean {
  if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana') return false
  return FRAME_CHAINS.has(network.caipNetworkId) || /^https?:\/\//i.test(network.rpcUrls.default.http[0] ?? '')
}

/** Texts (SPEC §6, §8). @internal */
export const FRAME_TEXTS = {
  notAllowed: 'Requested RPC call is not allowed',
  notAllowedUi: 'Action not allowed',
  aborted: 'Request was aborted',
  abortedOther: 'Something went wrong',
  defaultError: 'An error occurred',
  loadError: 'Unable to load email login dependency',
  noFrame: 'W3mFrame: iframe is not set',
  /** How the frame's ERROR reply begins when it refuses the page's origin (SPEC §8). */
  unverifiedDomain: 'Unverified Domain',
  initFailed: 'A problem occurred while trying initialize authentication',
  invalidReply: 'The secure frame sent an invalid reply',
  invalidEmail: 'Invalid email. Try again.',
  /** A request the frame's page took with it when it reloaded (SigKit's text; AppKit's requests hang). */
  reloaded: 'The secure frame reloaded before it answered',
} as const

/** 'Please try again after {n} seconds', n rounded up (SPEC §5). @internal */
export function throttleMessage(remainingMs: number): string {
  return `Please try again after ${Math.ceil(remainingMs / 1000)} seconds`
}

/** Validates a SUCCESS payload; throws (or returns false) when it is not the expected shape. @internal */
export type ReplyValidator<T> = (payload: unknown) => T

/** What CONNECT_EMAIL asks next. @internal */
export type EmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

function invalid(): never {
  throw new Error(FRAME_TEXTS.invalidReply)
}

/** A reply without payload (CONNECT_OTP, CONNECT_DEVICE, SIGN_OUT, SYNC_*, RPC_ABORT). @internal */
export const noPayload: ReplyValidator<undefined> = () => undefined

/** CONNECT_EMAIL_SUCCESS `{ action }`. @internal */
export const emailAction: ReplyValidator<EmailAction> = (payload) => {
  const action = isRecord(payload) ? payload['action'] : undefined
  return action === 'VERIFY_DEVICE' || action === 'VERIFY_OTP' || action === 'CONNECT' ? action : invalid()
}

/** IS_CONNECTED_SUCCESS `{ isConnected }`. @internal */
export const connectedFlag: ReplyValidator<boolean> = (payload) => {
  const value = isRecord(payload) ? payload['isConnected'] : undefined
  return typeof value === 'boolean' ? value : invalid()
}

/** A chain id as the frame reports it: a number (eip155) or a CAIP-2 string. @internal */
export type FrameChainId = number | string

function isChainId(value: unknown): value is FrameChainId {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$|^\d+$/.test(value))
  )
}

/** SWITCH_NETWORK_SUCCESS / GET_CHAIN_ID_SUCCESS `{ chainId }`. @internal */
export const chainIdReply: ReplyValidator<FrameChainId> = (payload) => {
  const value = isRecord(payload) ? payload['chainId'] : undefined
  return isChainId(value) ? value : invalid()
}

/** INIT_SMART_ACCOUNT_SUCCESS `{ address, isDeployed }` (EMBEDDED-FRAME.md §3): the smart account, deployed or not. @internal */
export const smartAccountInit: ReplyValidator<{ address: string; isDeployed: boolean }> = (payload) => {
  const address = isRecord(payload) ? payload['address'] : undefined
  const isDeployed = isRecord(payload) ? payload['isDeployed'] : undefined
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) && typeof isDeployed === 'boolean'
    ? { address, isDeployed }
    : invalid()
}

/** GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS `{ smartAccountEnabledNetworks }`. @internal */
export const smartAccountNetworks: ReplyValidator<number[]> = (payload) => {
  const value = isRecord(payload) ? payload['smartAccountEnabledNetworks'] : undefined
  return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id)) ? (value as number[]) : invalid()
}

/** The signed-in user for one namespace (GET_USER_SUCCESS, §3.1), validated. @internal */
export interface FrameUser {
  email: string | undefined
  address: string
  /** The namespace the chain id names: a number means eip155, a string its first part. */
  namespace: string
  /** The chain reference: a number for eip155, the reference string otherwise. */
  chainId: number | string
  accounts: { address: string; type: AccountType }[]
  preferredAccountType: AccountType | undefined
  /** The social login's username (CONNECT_SOCIAL_SUCCESS). */
  userName: string | undefined
  smartAccountDeployed: boolean | undefined
}

/** The embedded wallet's account types (EMBEDDED-FRAME.md §3). @internal */
export type AccountType = 'eoa' | 'smartAccount'

const ADDRESS = {
  eip155: /^0x[0-9a-fA-F]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
} as Record<string, RegExp | undefined>

function accountType(value: unknown): AccountType | undefined {
  return value === 'eoa' || value === 'smartAccount' ? value : undefined
}

/** GET_USER_SUCCESS: the address must be one of its namespace's. @internal */
export const frameUser: ReplyValidator<FrameUser> = (payload) => {
  if (!isRecord(payload)) invalid()
  const { email, address, chainId, accounts, preferredAccountType, userName, smartAccountDeployed } = payload
  if (!isChainId(chainId)) invalid()
  let namespace = 'eip155'
  let reference: number | string = chainId
  if (typeof chainId === 'string') {
    const parts = chainId.split(':')
    if (parts.length === 2) [namespace, reference] = parts as [string, string]
    if (namespace === 'eip155') reference = Number(reference)
  }
  const pattern = ADDRESS[namespace]
  if (typeof address !== 'string' || !pattern?.test(address)) invalid()
  if (email !== undefined && email !== null && typeof email !== 'string') invalid()
  const listed = Array.isArray(accounts)
    ? accounts.flatMap((entry) => {
        const type = isRecord(entry) ? accountType(entry['type']) : undefined
        const value = isRecord(entry) ? entry['address'] : undefined
        return type && typeof value === 'string' && pattern.test(value) ? [{ address: value, type }] : []
      })
    : []
  return {
    // An address with hidden characters could pass for another one: left out, not cleaned.
    email: isPlainName(email, 254) ? email : undefined,
    address,
    namespace,
    chainId: reference,
    accounts: listed.length > 0 ? listed : [{ address, type: 'eoa' }],
    preferredAccountType: accountType(preferredAccountType),
    userName: shortText(userName),
    smartAccountDeployed: typeof smartAccountDeployed === 'boolean' ? smartAccountDeployed : undefined,
  }
}

/** How the account state labels the embedded wallet's addresses, by account type. @internal */
export const ACCOUNT_TYPE_LABELS: Readonly<Record<AccountType, string>> = { eoa: 'EOA', smartAccount: 'Smart Account' }

/**
 * What a GET_USER answer says about the account beyond its address: whether its smart account is
 * deployed, and a label per address (its type). @internal
 */
export function accountFacts(user: FrameUser): {
  smartAccountDeployed: boolean | undefined
  addressLabels: Map<string, string>
} {
  return {
    smartAccountDeployed: user.smartAccountDeployed,
    addressLabels: new Map(user.accounts.map((account) => [account.address, ACCOUNT_TYPE_LABELS[account.type]])),
  }
}

/** The entry of `user.accounts` the frame answered as (its address), if listed. @internal */
export function answeredAccount(user: FrameUser): FrameUser['accounts'][number] | undefined {
  const address = user.address.toLowerCase()
  return user.accounts.find((account) => account.address.toLowerCase() === address)
}

/** A display text from the frame: cleaned of bidi and invisible characters, cut to 100; undefined when nothing is left. */
function shortText(value: unknown): string | undefined {
  return (typeof value === 'string' && outsideText(value, 100)) || undefined
}

function webUrl(value: unknown): string {
  return webLink(value) ?? invalid()
}

/** GET_SOCIAL_REDIRECT_URI_SUCCESS `{ uri }`: the provider's page, an http(s) URL. @internal */
export const redirectUri: ReplyValidator<string> = (payload) => webUrl(isRecord(payload) ? payload['uri'] : undefined)

/** GET_FARCASTER_URI_SUCCESS `{ url }`. @internal */
export const farcasterUri: ReplyValidator<string> = (payload) => webUrl(isRecord(payload) ? payload['url'] : undefined)

/** CONNECT_FARCASTER_SUCCESS `{ userName }`. @internal */
export const farcasterUser: ReplyValidator<string> = (payload) =>
  shortText(isRecord(payload) ? payload['userName'] : undefined) ?? invalid()

/** SET_PREFERRED_ACCOUNT_SUCCESS `{ type, address }`. @internal */
export const preferredAccount: ReplyValidator<{ type: AccountType; address: string }> = (payload) => {
  const type = isRecord(payload) ? accountType(payload['type']) : undefined
  const address = isRecord(payload) ? payload['address'] : undefined
  return type && typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? { type, address } : invalid()
}

/** What UPDATE_EMAIL asks next: the code mailed to the current address, or to the new one. @internal */
export type UpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** UPDATE_EMAIL_SUCCESS `{ action }`. @internal */
export const updateEmailAction: ReplyValidator<UpdateEmailAction> = (payload) => {
  const action = isRecord(payload) ? payload['action'] : undefined
  return action === 'VERIFY_PRIMARY_OTP' || action === 'VERIFY_SECONDARY_OTP' ? action : invalid()
}

/** UPDATE_EMAIL_SECONDARY_OTP_SUCCESS `{ newEmail }`. @internal */
export const newEmail: ReplyValidator<string> = (payload) => {
  const value = isRecord(payload) ? payload['newEmail'] : undefined
  return isPlainName(value, 254) && EMAIL_PATTERN.test(value) ? value : invalid()
}

/** What an email address must look like before it is sent or stored. @internal */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * A safe method's result: chain data the frame reads from the RPC, passed on as the node gave it
 * (the dapp's client checks it as it checks any node's answer). @internal
 */
export const rpcResult: ReplyValidator<unknown> = (payload) => (payload === undefined ? null : payload)

const HEX = /^0x[0-9a-fA-F]*$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

/** The shape each signing method's result must have before the dapp gets it. */
const SIGNED_RESULTS: Record<string, (value: unknown) => boolean> = {
  personal_sign: (value) => typeof value === 'string' && HEX.test(value),
  eth_signTypedData_v4: (value) => typeof value === 'string' && HEX.test(value),
  eth_sendTransaction: (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value),
  solana_signMessage: (value) =>
    isRecord(value) && typeof value['signature'] === 'string' && BASE58.test(value['signature']),
  solana_signAndSendTransaction: (value) =>
    isRecord(value) && typeof value['signature'] === 'string' && BASE58.test(value['signature']),
  solana_signTransaction: (value) =>
    isRecord(value) && typeof value['transaction'] === 'string' && BASE58.test(value['transaction']),
  solana_signAllTransactions: (value) =>
    isRecord(value) &&
    Array.isArray(value['transactions']) &&
    value['transactions'].every((item) => typeof item === 'string' && BASE58.test(item)),
  wallet_sendCalls: (value) => typeof value === 'string' || (isRecord(value) && typeof value['id'] === 'string'),
}

/**
 * The validator of a signing method's result (the methods needing approval); methods without a
 * known shape (permissions, user operations) only need an answer. @internal
 */
export function signedResult(method: string): ReplyValidator<unknown> {
  const check = SIGNED_RESULTS[method]
  return (payload) => {
    if (payload === undefined || (check && !check(payload))) invalid()
    return payload
  }
}

/** An ERROR payload's message; `An error occurred` when it has none. @internal */
export function errorMessage(payload: unknown): string {
  const message = isRecord(payload) ? payload['message'] : undefined
  return (typeof message === 'string' && outsideText(message, 500)) || FRAME_TEXTS.defaultError
}
