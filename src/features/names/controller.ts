/**
 * Choosing a name (SPEC §4 "Name registration", HOSTED-API §6.4): the form's state, the
 * suggestions that follow what is typed, and the registration itself: the wallet signs the
 * message (the embedded wallet in its frame's approval screen), the name is posted, the profile
 * name stored, and RegisterAccountNameSuccess shown. A failure leaves the visitor on the form with
 * the reason and what they typed.
 *
 * The state lives here rather than in the view: while the wallet asks, ApproveTransaction covers
 * the form, so the view unmounts and comes back.
 */
import { batch, computed, type ReadonlySignal } from '@preact/signals-core'
import { apiClient } from '../../api/client'
import { PROFILE_API, type NameSuggestion } from '../../api/profile-api'
import { currentView, replaceView } from '../../core/modal/router'
import { getAccountState } from '../../core/state/account'
import { connectedConnector } from '../../core/state/connection'
import { activeCaipNetwork } from '../../core/state/network'
import { signMessage } from '../../core/wallet/sign'
import { onCoreEvent } from '../../core/lifecycle'
import { latestOnly } from '../../lib/latest'
import { assignSignals, signalsOf } from '../../lib/signals'
import { describeWalletError } from '../../lib/wallet-errors'
import { baseName, nameInputError, registeredName, registrationMessage, registrationTarget } from './rules'
import { rememberName } from './store'

/** The pause after typing before suggestions are asked for. */
export const SUGGESTION_DELAY_MS = 300

/** The form's fields. */
export interface NameForm {
  /** What the visitor typed: the name without its suffix (the view shows the suffix beside it). */
  input: string
  /** The service's suggestions for {@link NameForm.suggestionsFor}, taken ones flagged. */
  suggestions: readonly NameSuggestion[]
  /** The base name the suggestions answer. */
  suggestionsFor: string
  /** Why suggestions could not be fetched (SPEC §8's text, or the service's reason). */
  suggestionsError: string | undefined
  /** A registration is under way (the wallet asks, then the name is posted). */
  registering: boolean
  /** Why the last registration failed: a precondition, the wallet, or the service. */
  error: string | undefined
  /** The name registered last, as the service spells it. */
  registered: string | undefined
}

const EMPTY_FORM: NameForm = {
  input: '',
  suggestions: [],
  suggestionsFor: '',
  suggestionsError: undefined,
  registering: false,
  error: undefined,
  registered: undefined,
}

/** The form, a signal per field. */
export const nameForm = signalsOf(EMPTY_FORM)

/** The typed name's base: the suffix a visitor typed too is not part of it. */
const typedBase = (input: string) => baseName(input.trim())

/**
 * What is wrong with the typed name, live, in the spec's texts (`Name must be at least 4
 * characters long`, `The value is not a valid username`, `You already own a name`); nothing while
 * the field is empty.
 */
export const inputProblem: ReadonlySignal<string | undefined> = computed(() => {
  const input = nameForm.input.value
  const ownsName = Boolean(getAccountState('eip155').profileName.value)
  if (input === '' && !ownsName) return undefined
  return nameInputError(typedBase(input), { ownsName })
})

const suggestions = latestOnly({
  delayMs: SUGGESTION_DELAY_MS,
  ask: (base: string, signal) => apiClient(PROFILE_API).getSuggestions(base, signal),
  onAnswer: (list, base) =>
    assignSignals(nameForm, { suggestions: list, suggestionsFor: base, suggestionsError: undefined }),
  onError: (error, base) =>
    assignSignals(nameForm, {
      suggestions: [],
      suggestionsFor: base,
      suggestionsError: error instanceof Error ? error.message : String(error),
    }),
})

/**
 * The visitor typed: the field keeps it, an earlier failure's reason goes, and suggestions for it
 * are asked for after {@link SUGGESTION_DELAY_MS} (an answer to an earlier text is dropped).
 *
 * @example
 * ```ts
 * setNameInput('alice') // suggestions for 'alice' 300 ms later
 * ```
 */
export function setNameInput(input: string): void {
  const base = typedBase(input)
  batch(() => {
    nameForm.input.value = input
    nameForm.error.value = undefined
    if (base === '') assignSignals(nameForm, { suggestions: [], suggestionsFor: '', suggestionsError: undefined })
  })
  if (base === '') suggestions.cancel()
  else suggestions.schedule(base)
}

/**
 * Registers the typed name for the connected embedded account: checks the name and the
 * preconditions (`Network not found`, `Address or auth connector not found`), asks the wallet to
 * sign the message, posts it, stores the profile name and shows RegisterAccountNameSuccess (unless
 * the visitor went elsewhere meanwhile). On failure `error` holds the reason and the typed name
 * stays. A second call while one runs is ignored.
 *
 * @returns the registered name, or undefined when it failed.
 * @example
 * ```ts
 * setNameInput('alice')
 * await registerTypedName() // 'alice.reown.id'
 * ```
 */
export async function registerTypedName(): Promise<string | undefined> {
  if (nameForm.registering.peek()) return undefined
  const problem = inputProblem.peek() ?? nameInputError(typedBase(nameForm.input.peek()))
  if (problem) {
    nameForm.error.value = problem
    return undefined
  }
  assignSignals(nameForm, { registering: true, error: undefined })
  try {
    const target = registrationTarget({
      caipNetworkId: activeCaipNetwork.peek()?.caipNetworkId,
      address: getAccountState('eip155').address.peek(),
      authConnector: connectedConnector('eip155')?.type === 'auth',
    })
    const message = registrationMessage(registeredName(typedBase(nameForm.input.peek())))
    const signature = await signMessage(message, 'eip155')
    const record = await apiClient(PROFILE_API).register({ ...target, message, signature })
    rememberName(target.address, record)
    assignSignals(nameForm, { ...EMPTY_FORM, registered: record.name })
    suggestions.cancel()
    if (currentView.peek() === 'RegisterAccountName') replaceView('RegisterAccountNameSuccess')
    return record.name
  } catch (failure) {
    nameForm.error.value = describeWalletError(failure)
    return undefined
  } finally {
    nameForm.registering.value = false
  }
}

/**
 * Empties the form (the account went, or another one connected).
 *
 * @example
 * ```ts
 * resetNameForm()
 * ```
 */
export function resetNameForm(): void {
  suggestions.cancel()
  assignSignals(nameForm, EMPTY_FORM)
}

// The form belongs to the account it was filled for.
onCoreEvent('namespaceCleared', resetNameForm)
onCoreEvent('accountChanged', resetNameForm)
