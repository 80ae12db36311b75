// Importing SigKit must be safe in Node/SSR: no DOM, no storage, no network at import time.
// Each import runs in a fresh Node process whose globals are traps that record any access.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { root } from './helpers.mjs'

// Runs in the child: installs the traps, imports the module, waits a moment for anything
// scheduled at import time, prints what happened as JSON.
const PROBE = `
const touched = new Set()
const fetchCalls = []
for (const name of ['window', 'document', 'localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, name, { configurable: true, get() { touched.add(name); return undefined } })
}
Object.defineProperty(globalThis, 'fetch', {
  configurable: true,
  get() {
    touched.add('fetch')
    return (input) => { fetchCalls.push(String(input?.url ?? input)); return Promise.reject(new Error('fetch is trapped')) }
  },
})
let error = null
try { await import(process.argv[1]) } catch (e) { error = String(e?.stack ?? e) }
await new Promise((resolve) => setTimeout(resolve, 100))
process.stdout.write(JSON.stringify({ touched: [...touched], fetchCalls, error }))
`

function probe(entry) {
  const url = pathToFileURL(join(root, entry)).href
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', PROBE, url], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
  })
  try {
    return JSON.parse(child.stdout)
  } catch {
    throw new Error(`probe of ${entry} printed no result (exit ${child.status}):\n${child.stdout}\n${child.stderr}`)
  }
}

test('importing dist/index.js with no DOM throws nothing and touches no window, document, storage or fetch', () => {
  const result = probe('dist/index.js')
  assert.is(result.error, null, `import threw:\n${result.error}`)
  assert.equal(
    result.touched,
    [],
    `touched at import time (even typeof counts: move it into a function): ${result.touched.join(', ')}`,
  )
  assert.equal(result.fetchCalls, [])
})

test('importing dist/react.js with no DOM throws nothing and fetches nothing', () => {
  const result = probe('dist/react.js')
  assert.is(result.error, null, `import threw:\n${result.error}`)
  assert.equal(result.fetchCalls, [], `fetched at import time: ${result.fetchCalls.join(', ')}`)
})

test.run()
