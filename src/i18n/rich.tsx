/** Messages with markup around a value ('Enter the code we sent to **{email}**'). */
import { Fragment, type ReactNode } from 'react'

/**
 * A translated text whose placeholders are elements: each `{name}` left in it (the translator
 * called without that value) is replaced by `parts[name]`.
 *
 * @example
 * ```tsx
 * <Text>{richText(t('codeSentTo'), { email: <strong>{email}</strong> })}</Text>
 * ```
 */
export function richText(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(/\{(\w+)\}/)
    .map((piece, index) => (index % 2 === 0 ? piece : <Fragment key={index}>{parts[piece] ?? `{${piece}}`}</Fragment>))
}
