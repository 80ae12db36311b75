// SigKit's log (SPEC §9): level info by default (debug entries dropped), debug with the `debug`
// option, a ring buffer of about 1 MB that drops the oldest entries, console output for warnings
// and errors only unless debug is on, and the log a dapp reads through appKit.getLogs().
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createManualClock, setClock } from '../../../src/lib/clock'
import {
  DEFAULT_LOG_LEVEL,
  LOG_BUFFER_SIZE,
  configureLog,
  getLogs,
  isDebugOn,
  log,
  resetLog,
} from '../../../src/lib/logger'
import { createAppKit } from '../../../src/index'
import { resetCoreState } from '../../../src/core/testing'
import { mainnet } from '../../helpers/networks'

type Printed = [string, unknown[]]
let printed: Printed[] = []
const original = { debug: console.debug, info: console.info, warn: console.warn, error: console.error }

test.before.each(() => {
  resetLog()
  printed = []
  for (const level of ['debug', 'info', 'warn', 'error'] as const)
    console[level] = (...args: unknown[]) => void printed.push([level, args])
})
test.after.each(() => {
  Object.assign(console, original)
})

test('the spec constants: level info by default, a buffer of about 1 MB', () => {
  assert.is(DEFAULT_LOG_LEVEL, 'info')
  assert.is(LOG_BUFFER_SIZE, 1024 * 1024)
})

test('by default info and above are kept, debug is dropped; only warnings and errors reach the console', () => {
  const restore = setClock(createManualClock(Date.UTC(2026, 0, 2, 3, 4, 5)))
  try {
    log('debug', 'not kept')
    log('info', 'kept, silent')
    log('warn', 'history fetch failed', new TypeError('offline'))
    log('error', 'close guard failed', { reason: 'bad', amount: 10n })
  } finally {
    restore()
  }
  const lines = getLogs()
  assert.is(lines.length, 3)
  assert.is(lines[0], '2026-01-02T03:04:05.000Z INFO kept, silent')
  assert.match(lines[1]!, /^2026-01-02T03:04:05\.000Z WARN history fetch failed TypeError: offline/)
  assert.is(lines[2], '2026-01-02T03:04:05.000Z ERROR close guard failed {"reason":"bad","amount":"10n"}')
  assert.equal(
    printed.map(([level, [first]]) => [level, first]),
    [
      ['warn', '[SigKit] history fetch failed'],
      ['error', '[SigKit] close guard failed'],
    ],
  )
})

test('with debug on, debug entries are kept and every level is printed', () => {
  configureLog({ debug: true })
  assert.ok(isDebugOn())
  log('debug', 'probing')
  log('info', 'connected')
  assert.equal(
    getLogs().map((line) => line.split(' ').slice(1).join(' ')),
    ['DEBUG probing', 'INFO connected'],
  )
  assert.equal(
    printed.map(([level]) => level),
    ['debug', 'info'],
  )
  configureLog({ debug: false })
  assert.not.ok(isDebugOn())
  log('debug', 'dropped again')
  assert.is(getLogs().length, 2)
})

test('the buffer keeps the newest ~1 MB: the oldest entries go first', () => {
  const chunk = 'x'.repeat(10_000)
  for (let index = 0; index < 150; index++) log('info', `entry ${index}`, chunk)
  const lines = getLogs()
  const size = lines.reduce((sum, line) => sum + line.length, 0)
  assert.ok(size <= LOG_BUFFER_SIZE, `at most 1 MB kept (${size})`)
  assert.ok(size > LOG_BUFFER_SIZE - 20_000, `close to 1 MB kept (${size})`)
  assert.match(lines.at(-1)!, /entry 149 /)
  assert.not.match(lines[0]!, /entry 0 /)
  const first = Number(/entry (\d+) /.exec(lines[0]!)![1])
  assert.is(lines.length, 150 - first, 'a contiguous run of the newest entries')
})

test('one huge detail is cut, so it cannot push every other entry out', () => {
  log('info', 'before')
  log('error', 'huge', 'y'.repeat(5 * 1024 * 1024))
  const lines = getLogs()
  assert.is(lines.length, 2)
  assert.ok(lines[1]!.length < 20_000)
})

test('createAppKit: the debug option sets the level, and appKit.getLogs() returns the log', () => {
  resetCoreState()
  const quiet = createAppKit({ projectId: 'p', networks: [mainnet] })
  log('debug', 'dropped without debug')
  log('info', 'kept')
  assert.equal(
    quiet.getLogs().map((line) => line.replace(/^\S+ /, '')),
    ['INFO kept'],
  )
  resetCoreState()
  const verbose = createAppKit({ projectId: 'p', networks: [mainnet], debug: true })
  log('debug', 'kept with debug')
  assert.equal(
    verbose.getLogs().map((line) => line.replace(/^\S+ /, '')),
    ['DEBUG kept with debug'],
  )
  resetCoreState()
})

test.run()
