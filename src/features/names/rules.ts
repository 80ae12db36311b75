/**
 * The name service's rules (SPEC §4 "Name registration", §5, §8; HOSTED-API §6.4), with no view and
 * no request: what a name may be and the texts that say why not, the two suffixes, the coin type a
 * chain id becomes, the message the wallet signs and what a registration needs first. The texts of
 * failed name-service calls are the client's (`NAME_ERROR_FALLBACKS` in src/api/profile-api.ts).
 *
 * One name rule serves the form and the registration: letters, digits and hyphens, at least 4
 * characters (SPEC §5). AppKit's form alone refuses hyphens; the sandbox's name service takes them.
 */
import { clock } from '../../lib/clock'
import namesEn from '../../i18n/messages/en/names'

/** The suffix of the names registered now (AppKit's `WC_NAME_SUFFIX`). */
export const NAME_SUFFIX = '.reown.id'
/** The suffix of names registered before; they still resolve, and count as the service's names. */
export const LEGACY_NAME_SUFFIX = '.wcn.id'
/** The `zone` the suggestions route is asked for. */
export const SUGGESTION_ZONE = 'reown.id'
/** The shortest base name (without its suffix). */
export const NAME_MIN_LENGTH = 4

/** What the name feature says, word for word as the spec gives it. */
export const NAME_TEXTS = Object.freeze({
  tooShort: namesEn.tooShort,
  notValid: namesEn.notValid,
  alreadyOwned: namesEn.alreadyOwned,
  networkNotFound: 'Network not found',
  addressOrConnectorNotFound: 'Address or auth connector not found',
  invalidChainId: 'Invalid chainId',
  /** Names are supported only on eip155 (SPEC §1). */
  chainNotSupported: 'Chain is not supported',
})

const BASE_NAME = /^[a-zA-Z0-9-]+$/

/**
 * Why `base` (the part before the suffix, as typed) cannot be registered, in the spec's texts, or
 * `undefined` when it can. Someone who already has a name is told so first, whatever they typed.
 *
 * @example
 * ```ts
 * nameInputError('ali')                          // 'Name must be at least 4 characters long'
 * nameInputError('alice!')                       // 'The value is not a valid username'
 * nameInputError('alice', { ownsName: true })    // 'You already own a name'
 * nameInputError('alice-1')                      // undefined
 * ```
 */
export function nameInputError(base: string, options: { ownsName?: boolean } = {}): string | undefined {
  if (options.ownsName) return NAME_TEXTS.alreadyOwned
  if (base.length < NAME_MIN_LENGTH) return NAME_TEXTS.tooShort
  if (!BASE_NAME.test(base)) return NAME_TEXTS.notValid
  return undefined
}

/** Whether `base` keeps the name rule (SPEC §5: letters, digits and hyphens, at least 4). */
export function isValidBaseName(base: string): boolean {
  return nameInputError(base) === undefined
}

/** The suffix `name` ends with (either one, any case), or undefined. */
function suffixOf(name: string): string | undefined {
  const lower = name.toLowerCase()
  return [NAME_SUFFIX, LEGACY_NAME_SUFFIX].find((suffix) => lower.endsWith(suffix))
}

/**
 * Whether `name` is one of the service's names (it ends with `.reown.id` or the legacy `.wcn.id`),
 * e.g. a Send receiver to resolve through the service rather than as an address.
 */
export function isServiceName(name: string): boolean {
  const suffix = suffixOf(name)
  return suffix !== undefined && name.length > suffix.length
}

/**
 * The part of `name` before its service suffix (the name as it is when it has none).
 *
 * @example
 * ```ts
 * baseName('alice.reown.id') // 'alice'
 * baseName('bob.wcn.id')     // 'bob'
 * baseName('carol')          // 'carol'
 * ```
 */
export function baseName(name: string): string {
  const suffix = suffixOf(name)
  return suffix ? name.slice(0, -suffix.length) : name
}

/**
 * The name registered for a base name: lower case, with the current suffix (HOSTED-API §6.4
 * "Registered name sent"). A suffix already typed is not doubled.
 *
 * @example
 * ```ts
 * registeredName('Alice')          // 'alice.reown.id'
 * registeredName('alice.reown.id') // 'alice.reown.id'
 * ```
 */
export function registeredName(base: string): string {
  return `${baseName(base.trim()).toLowerCase()}${NAME_SUFFIX}`
}

/**
 * The coin type of an EVM chain (ENSIP-11): `0x80000000 | chainId`, as an unsigned 32-bit number.
 * The chain id may be a number, a decimal string or a hex string; one of 2^31 or more (or not a
 * whole number ≥ 0) has no coin type.
 *
 * @throws Error `Invalid chainId`
 * @example
 * ```ts
 * coinTypeOf(1)        // 2147483649
 * coinTypeOf('0x89')   // 2147483785 (chain 137)
 * coinTypeOf(2 ** 31)  // throws 'Invalid chainId'
 * ```
 */
export function coinTypeOf(chainId: number | string): number {
  const value =
    typeof chainId === 'number'
      ? chainId
      : /^0x[0-9a-f]+$/i.test(chainId) || /^\d+$/.test(chainId)
        ? Number(chainId)
        : Number.NaN
  if (!Number.isSafeInteger(value) || value < 0 || value >= 0x80000000) throw new Error(NAME_TEXTS.invalidChainId)
  return (0x80000000 | value) >>> 0
}

/**
 * The message the wallet signs to register `name` (the full name, with its suffix): JSON text with
 * `name`, empty `attributes` and `timestamp` in Unix seconds, in that order.
 *
 * @example
 * ```ts
 * registrationMessage('alice.reown.id', 1_700_000_000_500)
 * // '{"name":"alice.reown.id","attributes":{},"timestamp":1700000000}'
 * ```
 */
export function registrationMessage(name: string, nowMs: number = clock.now()): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) })
}

/** What a registration starts from: the active network, the account and its connector. */
export interface RegistrationContext {
  /** The active network's CAIP-2 id (`eip155:1`), if any. */
  caipNetworkId: string | undefined
  /** The account's plain address, if connected. */
  address: string | undefined
  /** Whether the account is the embedded wallet's (the auth connector). */
  authConnector: boolean
}

/**
 * Checks what a registration needs first (HOSTED-API §6.4 "Preconditions") and gives the coin type
 * and address the registration is posted with.
 *
 * @throws Error `Network not found`, `Address or auth connector not found`, `Chain is not
 *   supported` (not eip155) or `Invalid chainId`
 * @example
 * ```ts
 * registrationTarget({ caipNetworkId: 'eip155:1', address: '0xab…', authConnector: true })
 * // { coinType: 2147483649, address: '0xab…' }
 * ```
 */
export function registrationTarget(context: RegistrationContext): { coinType: number; address: string } {
  const { caipNetworkId, address, authConnector } = context
  if (!caipNetworkId) throw new Error(NAME_TEXTS.networkNotFound)
  if (!address || !authConnector) throw new Error(NAME_TEXTS.addressOrConnectorNotFound)
  const [namespace, reference = ''] = caipNetworkId.split(':')
  if (namespace !== 'eip155') throw new Error(NAME_TEXTS.chainNotSupported)
  return { coinType: coinTypeOf(reference), address }
}
