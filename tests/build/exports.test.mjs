// The public API is a decision: any added or removed export of a published entry shows up
// here as a diff. After an intended change: `UPDATE_SNAPSHOT=1 npm test -- build`, then
// commit tests/build/exports.snapshot.json with the change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { root } from './helpers.mjs'

const ENTRIES = [
  'dist/index.js',
  'dist/react.js',
  'dist/siwx.js',
  'dist/pay.js',
  'dist/networks.js',
  'dist/wagmi.js',
  'dist/qr.js',
  'dist/cdn/sigkit.js',
  'dist/cdn/pay.js',
  'dist/cdn/networks.js',
  'dist/cdn/qr.js',
]
const SNAPSHOT = join(root, 'tests/build/exports.snapshot.json')

async function exportsOf(entry) {
  const module = await import(pathToFileURL(join(root, entry)).href)
  return Object.keys(module).sort()
}

test('public exports match tests/build/exports.snapshot.json', async () => {
  const actual = {}
  for (const entry of ENTRIES) actual[entry] = await exportsOf(entry)

  if (process.env.UPDATE_SNAPSHOT === '1' || !existsSync(SNAPSHOT)) {
    writeFileSync(SNAPSHOT, JSON.stringify(actual, null, 2) + '\n')
    console.log(`wrote ${SNAPSHOT}: review and commit it`)
    return
  }
  const expected = JSON.parse(readFileSync(SNAPSHOT, 'utf8'))
  const lines = []
  for (const entry of new Set([...Object.keys(expected), ...ENTRIES])) {
    const before = new Set(expected[entry] ?? [])
    const after = new Set(actual[entry] ?? [])
    const added = [...after].filter((name) => !before.has(name))
    const removed = [...before].filter((name) => !after.has(name))
    if (added.length || removed.length) {
      lines.push(`${entry}:`, ...added.map((n) => `  + ${n}`), ...removed.map((n) => `  - ${n}`))
    }
  }
  assert.ok(
    lines.length === 0,
    `public exports changed (+ added, - removed):\n${lines.join('\n')}\n` +
      'If intended: UPDATE_SNAPSHOT=1 npm test -- build, and commit tests/build/exports.snapshot.json',
  )
})

test.run()
