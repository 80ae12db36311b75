// Every path package.json's "exports" promises must exist after `node build.mjs`
// (declarations included), or `import 'sigkit/react'` breaks for users.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readJson, root } from './helpers.mjs'

function targets(value) {
  if (typeof value === 'string') return [value]
  return Object.values(value ?? {}).flatMap(targets)
}

test('every file named in package.json "exports" exists', () => {
  const { exports } = readJson('package.json')
  const missing = Object.entries(exports)
    .flatMap(([subpath, value]) => targets(value).map((target) => [subpath, target]))
    .filter(([, target]) => !existsSync(join(root, target)))
    .map(([subpath, target]) => `${subpath} → ${target}`)
  assert.equal(missing, [], `missing after the build:\n  ${missing.join('\n  ')}`)
})

test.run()
