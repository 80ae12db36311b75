import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { connectSections } from '../../../../../src/ui/views/Connect/sections'

const socials = ['google', 'x'] as const

test('default order is email, social, wallet', () => {
  assert.equal(connectSections({ email: true, socials, connectMethodsOrder: ['email', 'social', 'wallet'] }, {}), [
    'email',
    'social',
    'wallet',
  ])
})

test('the configured order is followed', () => {
  assert.equal(connectSections({ email: true, socials, connectMethodsOrder: ['wallet', 'social', 'email'] }, {}), [
    'wallet',
    'social',
    'email',
  ])
})

test('disabled email and socials (as in basic mode) leave only the wallet section', () => {
  assert.equal(
    connectSections({ email: false, socials: false, connectMethodsOrder: ['email', 'social', 'wallet'] }, {}),
    ['wallet'],
  )
  assert.equal(connectSections({ email: false, socials: [], connectMethodsOrder: ['email', 'social', 'wallet'] }, {}), [
    'wallet',
  ])
})

test('an order that forgets the wallet still ends with it, and repeats are dropped', () => {
  assert.equal(connectSections({ email: true, socials: false, connectMethodsOrder: ['email', 'email'] }, {}), [
    'email',
    'wallet',
  ])
})

test('email waits for the remote config: before it arrives only the wallet section', () => {
  const features = { email: true, socials: false as const, connectMethodsOrder: ['email', 'wallet'] as const }
  assert.equal(connectSections(features, undefined), ['wallet'])
  assert.equal(connectSections(features, {}), ['email', 'wallet'])
})

test('socials wait for the remote config too: before it arrives, neither email nor social', () => {
  const features = { email: true, socials, connectMethodsOrder: ['social', 'email', 'wallet'] as const }
  assert.equal(connectSections(features, undefined), ['wallet'])
  assert.equal(connectSections(features, {}), ['social', 'email', 'wallet'])
  assert.equal(connectSections({ ...features, email: false }, {}), ['social', 'wallet'])
})

test.run()
