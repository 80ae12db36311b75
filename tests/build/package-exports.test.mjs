// Every path package.json's "exports" promises must exist after `node build.mjs`
// (declarations included), or `import 'sigkit/react'` breaks for users.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { contents, entryOutput, initialOutputs, inputPackage, readJson, root } from './helpers.mjs'

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

test('the CDN network definitions are one file that imports nothing, with the same values as the npm entry', async () => {
  const file = join(root, 'dist/cdn/networks.js')
  assert.not.match(readFileSync(file, 'utf8'), /\bimport\b/, 'a page loads it on its own')
  const cdn = await import(pathToFileURL(file).href)
  const npm = await import(pathToFileURL(join(root, 'dist/index.js')).href)
  for (const name of ['solana', 'solanaDevnet', 'solanaTestnet', 'bitcoin', 'bitcoinTestnet'])
    assert.equal(cdn[name], npm[name], name)
  // sigkit/networks: the same list, value for value.
  const networks = await import(pathToFileURL(join(root, 'dist/networks.js')).href)
  assert.equal(Object.keys(cdn).sort(), Object.keys(networks).sort())
  for (const name of Object.keys(cdn)) assert.equal(cdn[name], networks[name], name)
  assert.is(cdn.arbitrum.caipNetworkId, 'eip155:42161')
  assert.is(cdn.solana.caipNetworkId, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  assert.is(cdn.solana.nativeCurrency.decimals, 9)
  assert.is(cdn.bitcoin.nativeCurrency.decimals, 8)
})

test('the CDN sign-in config is one file that imports nothing, with the same exports as sigkit/siwx', async () => {
  const file = join(root, 'dist/cdn/siwx.js')
  assert.not.match(readFileSync(file, 'utf8'), /\bimport\b/, 'a page loads it on its own')
  const cdn = await import(pathToFileURL(file).href)
  const npm = await import(pathToFileURL(join(root, 'dist/siwx.js')).href)
  assert.equal(Object.keys(cdn).sort(), Object.keys(npm).sort())
  const siwx = cdn.createLocalSIWX({ storage: { getItem: () => null, setItem() {}, removeItem() {} } })
  const message = await siwx.createMessage({
    chainId: 'eip155:1',
    accountAddress: '0x0000000000000000000000000000000000000001',
  })
  assert.match(message.toString(), /wants you to sign in with your Ethereum account:\n0x0{39}1\n/)
})

test('the CDN pay file exports what sigkit/pay does except the React hook, and rejects bad arguments', async () => {
  const cdn = await import(pathToFileURL(join(root, 'dist/cdn/pay.js')).href)
  const npm = await import(pathToFileURL(join(root, 'dist/pay.js')).href)
  assert.equal(
    Object.keys(cdn).sort(),
    Object.keys(npm)
      .filter((name) => name !== 'usePay')
      .sort(),
  )
  const error = await cdn.openPay({ recipient: 'nobody', amount: '5', asset: null }).catch((caught) => caught)
  assert.ok(error instanceof cdn.PayError)
  assert.is(error.reason, 'invalid')
})

test('sigkit/qr and the CDN qr.js export the encoder alone, and load nothing but it', async () => {
  const cdn = await import(pathToFileURL(join(root, 'dist/cdn/qr.js')).href)
  const npm = await import(pathToFileURL(join(root, 'dist/qr.js')).href)
  assert.equal(Object.keys(cdn).sort(), ['encodeQrCode'])
  assert.equal(Object.keys(npm).sort(), ['encodeQrCode'])
  const { size, path } = cdn.encodeQrCode('wc:abc@2?relay-protocol=irn&symKey=00')
  assert.ok(size > 21 && path.startsWith('M'))
  // A page that imports dist/cdn/qr.js downloads the encoder and the qr package, not SigKit's kernel.
  for (const [metafile, entry] of [
    ['dist/cdn/meta.json', 'dist/cdn/qr.js'],
    ['dist/meta.json', 'dist/qr.js'],
  ]) {
    const meta = readJson(metafile)
    assert.is(entryOutput(meta, 'src/qr.ts'), entry)
    const { inputs, externals } = contents(meta, initialOutputs(meta, entry))
    const other = [...inputs].filter(
      (input) => !['src/qr.ts', 'src/lib/qr.ts'].includes(input) && inputPackage(input) !== 'qr',
    )
    assert.equal(other, [], `${entry} loads only the encoder`)
    assert.ok(
      [...externals].every((name) => name === 'qr'),
      `${entry}: externals ${[...externals]}`,
    )
  }
})

test.run()
