/**
 * What an embedded user changes about their account from the Account view: the account type the
 * wallet acts as (smart account or EOA, EMBEDDED-FRAME.md §9) and the email address (§9.1).
 * @internal
 */
import { log } from '../../lib/logger'
import { connectorContext as core } from '../../core/connector'
import { clock } from '../../lib/clock'
import type { ChainNamespace } from '../../core/types'
import { emitter } from './emitter'
import { EMBEDDED_ID, walletInfo } from './index'
import {
  answeredAccount,
  EMAIL_PATTERN,
  FRAME_TEXTS,
  frameUser,
  accountFacts,
  smartAccountInit,
  newEmail,
  noPayload,
  preferredAccount,
  updateEmailAction,
  type AccountType,
  type UpdateEmailAction,
} from './protocol'
import { emitProviderEvent } from './rpc'
import { getFrame } from './session'
import { storeAccountType, storedSocial, storeEmail, storeEmailLoginTime } from './storage'

/**
 * Makes the embedded wallet act as its smart account or its EOA on `namespace` (SET_PREFERRED_ACCOUNT),
 * remembers the choice for the namespace, and brings the account in (GET_USER): the address, its
 * balance and the dapp's `accountsChanged` follow. When the frame refuses, the account falls back
 * to the EOA (SPEC §4) and the error is thrown for the view to show.
 *
 * @example
 * ```ts
 * await setPreferredAccountType('eoa')
 * ```
 */
export async function setPreferredAccountType(type: AccountType, namespace: ChainNamespace = 'eip155'): Promise<void> {
  const frame = await getFrame()
  let failure: unknown
  try {
    await frame.request('SET_PREFERRED_ACCOUNT', { type }, preferredAccount)
    storeAccountType(namespace, type)
  } catch (error) {
    failure = error
    storeAccountType(namespace, 'eoa')
  }
  const inEffect = await syncEmbeddedAccount(namespace, failure ? 'eoa' : type)
  core.track({
    type: 'track',
    event: 'SET_PREFERRED_ACCOUNT_TYPE',
    properties: { accountType: inEffect, network: core.network(namespace)?.caipNetworkId },
  })
  if (failure) throw failure
}

/**
 * Asks the frame which account it acts as on the namespace's network (GET_USER with the type
 * wanted) and brings the widget in line: a new address gets a fresh balance and the dapp's
 * `accountsChanged`. After a network switch too, since a network without smart accounts has only
 * the EOA (EMBEDDED-FRAME.md §9).
 *
 * @returns the account type in effect.
 * @example
 * ```ts
 * await syncEmbeddedAccount('eip155', 'smartAccount')
 * ```
 */
export async function syncEmbeddedAccount(namespace: ChainNamespace, wanted: AccountType): Promise<AccountType> {
  const frame = await getFrame()
  const network = core.network(namespace)
  if (!network) throw new Error('CaipNetwork not found')
  const user = await frame.request(
    'GET_USER',
    { chainId: network.caipNetworkId, preferredAccountType: wanted, rpcUrl: network.rpcUrls.default.http[0] },
    frameUser,
  )
  if (user.namespace !== namespace) throw new Error(FRAME_TEXTS.invalidReply)
  const current = answeredAccount(user)
  // The account in use first, then the others.
  const accounts = [
    current ?? { address: user.address, type: wanted },
    ...user.accounts.filter((account) => account !== current),
  ]
  const changed = core.address(namespace)?.toLowerCase() !== user.address.toLowerCase()
  emitter.emit({ type: 'accountsChanged', namespace, accounts })
  if (changed) emitProviderEvent('accountsChanged', [user.address])
  const inEffect = current?.type ?? wanted
  const facts = accountFacts(user)
  if (inEffect === 'smartAccount' && facts.smartAccountDeployed === false)
    facts.smartAccountDeployed = await initSmartAccount(frame, user.address)
  emitter.emit({ type: 'details', namespace, details: { preferredAccountType: inEffect, ...facts } })
  return inEffect
}

/**
 * The visitor chose the smart account and it has no code yet: the frame is asked to set it up
 * (INIT_SMART_ACCOUNT), so what the dapp checks against it (ERC-1271 signatures) works at once.
 * A frame that cannot (or does not answer) leaves it to deploy on first use.
 *
 * @returns whether the smart account is deployed now.
 */
async function initSmartAccount(frame: Awaited<ReturnType<typeof getFrame>>, address: string): Promise<boolean> {
  try {
    const answer = await frame.request('INIT_SMART_ACCOUNT', undefined, smartAccountInit)
    return answer.address.toLowerCase() === address.toLowerCase() && answer.isDeployed
  } catch (error) {
    log('warn', 'the smart account was not set up now; it deploys on first use', error)
    return false
  }
}

// ── update email ───────────────────────────────────────────────────────────────────────────

/**
 * Starts changing the signed-in email to `email` (UPDATE_EMAIL). The frame mails a code to the
 * current address first (`VERIFY_PRIMARY_OTP`), or straight to the new one (`VERIFY_SECONDARY_OTP`).
 *
 * @throws 'Invalid email. Try again.', or the frame's error.
 * @example
 * ```ts
 * if ((await updateEmail('new@example.com')) === 'VERIFY_PRIMARY_OTP') pushView('UpdateEmailPrimaryOtp')
 * ```
 */
export async function updateEmail(email: string): Promise<UpdateEmailAction> {
  const address = email.trim()
  if (!EMAIL_PATTERN.test(address)) throw new Error(FRAME_TEXTS.invalidEmail)
  const frame = await getFrame()
  const action = await frame.request('UPDATE_EMAIL', { email: address }, updateEmailAction)
  storeEmailLoginTime(clock.now())
  core.track({ type: 'track', event: 'EMAIL_EDIT' })
  return action
}

/**
 * The code mailed to the current address (UPDATE_EMAIL_PRIMARY_OTP); the frame then mails the new one.
 *
 * @example
 * ```ts
 * await verifyCurrentEmailCode('123456'); replaceView('UpdateEmailSecondaryOtp', data)
 * ```
 */
export async function verifyCurrentEmailCode(otp: string): Promise<void> {
  const frame = await getFrame()
  await frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp }, noPayload)
}

/**
 * The code mailed to the new address (UPDATE_EMAIL_SECONDARY_OTP): the change is done, and the new
 * email is stored and shown.
 *
 * @returns the new email.
 * @example
 * ```ts
 * const email = await verifyNewEmailCode('654321')
 * ```
 */
export async function verifyNewEmailCode(otp: string): Promise<string> {
  const frame = await getFrame()
  const email = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp }, newEmail)
  storeEmail(email)
  const details = walletInfo({ email, ...storedSocial() })
  for (const namespace of core.connectedNamespaces(EMBEDDED_ID)) emitter.emit({ type: 'details', namespace, details })
  core.track({ type: 'track', event: 'EMAIL_EDIT_COMPLETE' })
  return email
}
