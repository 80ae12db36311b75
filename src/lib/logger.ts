/**
 * SigKit's log (SPEC §9 "Log buffer", "Default log level"): entries at or above the level are kept
 * in a ring buffer of about 1 MB, oldest dropped first, that a dapp reads for a support report
 * (`appKit.getLogs()`). Warnings and errors also go to the console, as before; info and debug
 * entries only with the `debug` option. An entry is kept as its parts and formatted into a line
 * only when the log is read, so logging costs a push while nobody reads it.
 */
import { clock } from './clock'

/** Log levels, least severe first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** The level kept without the `debug` option (SPEC §9); `debug: true` keeps debug entries too. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info'

/** Size of the log buffer (SPEC §9 "about 1 MB"), counted in characters of the entries' text. */
export const LOG_BUFFER_SIZE = 1024 * 1024

// One entry's detail is cut at this length, so one huge object cannot empty the buffer.
const MAX_DETAIL_LENGTH = 16 * 1024
const RANKS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 }

interface Entry {
  time: number
  level: LogLevel
  message: string
  detail: string
  size: number
}

const entries: Entry[] = []
let bufferedSize = 0
let threshold: LogLevel = DEFAULT_LOG_LEVEL
let debugOn = false

/**
 * Sets the level kept and whether debug output is on (`createAppKit` does, from the `debug` option).
 *
 * @example
 * ```ts
 * configureLog({ debug: true }) // keeps debug entries, prints info and debug ones too
 * ```
 */
export function configureLog({ debug }: { debug: boolean }): void {
  debugOn = debug
  threshold = debug ? 'debug' : DEFAULT_LOG_LEVEL
}

/**
 * Whether the dapp turned the `debug` option on: RPC error texts are shown to the visitor only then.
 *
 * @example
 * ```ts
 * const text = isDebugOn() ? rawMessage : 'Something went wrong'
 * ```
 */
export function isDebugOn(): boolean {
  return debugOn
}

/**
 * Writes an entry when `level` is at or above the kept level. `detail` (an error, an object) is
 * turned into text now, so the buffer holds no live object.
 *
 * @example
 * ```ts
 * log('warn', 'history fetch failed', error)
 * ```
 */
export function log(level: LogLevel, message: string, detail?: unknown): void {
  if (RANKS[level] < RANKS[threshold]) return
  const text = detail === undefined ? '' : describeDetail(detail).slice(0, MAX_DETAIL_LENGTH)
  const entry: Entry = { time: clock.now(), level, message, detail: text, size: message.length + text.length + 32 }
  entries.push(entry)
  bufferedSize += entry.size
  while (bufferedSize > LOG_BUFFER_SIZE && entries.length > 1) bufferedSize -= entries.shift()!.size
  if (level === 'error' || level === 'warn' || debugOn) {
    if (detail === undefined) console[level](`[SigKit] ${message}`)
    else console[level](`[SigKit] ${message}`, detail)
  }
}

/**
 * The log, oldest entry first, one line each: time, level, message and detail.
 *
 * @example
 * ```ts
 * const report = getLogs().join('\n')
 * ```
 */
export function getLogs(): string[] {
  return entries.map(
    ({ time, level, message, detail }) =>
      `${new Date(time).toISOString()} ${level.toUpperCase()} ${message}${detail ? ` ${detail}` : ''}`,
  )
}

/** @internal Empties the log and restores the default level (tests). */
export function resetLog(): void {
  entries.length = 0
  bufferedSize = 0
  configureLog({ debug: false })
}

function describeDetail(detail: unknown): string {
  // A V8 stack starts with the error's name and message; other engines' stacks do not.
  if (detail instanceof Error)
    return detail.stack?.startsWith(detail.name)
      ? detail.stack
      : `${detail.name}: ${detail.message}\n${detail.stack ?? ''}`
  if (typeof detail === 'string') return detail
  try {
    return JSON.stringify(detail, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)) ?? ''
  } catch {
    return String(detail)
  }
}
