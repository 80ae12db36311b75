/**
 * State as a record of signals, one per field (a form, a flow, an account), made from and reset
 * to a record of plain values: the values are written once, and a reset cannot forget a field.
 */
import { batch, signal, type Signal } from '@preact/signals-core'

/** A signal per field of `Values`. */
export type SignalsOf<Values> = { [Field in keyof Values]: Signal<Values[Field]> }

/**
 * A signal per field of `values`, each starting at the field's value.
 *
 * @example
 * ```ts
 * const form = signalsOf({ amount: '', busy: false })
 * form.amount.value = '1.5'
 * ```
 */
export function signalsOf<Values extends object>(values: Values): SignalsOf<Values> {
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, signal(value)])) as SignalsOf<Values>
}

/**
 * Sets the fields `values` names to their values, in one batch (one notification): a reset to the
 * record the signals were made from, or an update of a few fields.
 *
 * @example
 * ```ts
 * assignSignals(form, EMPTY_FORM)
 * assignSignals(form, { busy: true })
 * ```
 */
export function assignSignals<Values extends object>(signals: SignalsOf<Values>, values: Partial<Values>): void {
  batch(() => {
    for (const field of Object.keys(values) as (keyof Values)[])
      signals[field].value = values[field] as Values[keyof Values]
  })
}
