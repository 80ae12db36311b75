import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resultError, withReturnUrl } from '../../../../src/connectors/embedded/social'

test('resultError and withReturnUrl read and write the URIs as the secure site does', () => {
  assert.is(resultError('https://s.example/r?state=a&code=b'), undefined)
  assert.is(resultError('https://s.example/r?state=a&error=access_denied'), 'The sign-in was cancelled')
  assert.is(resultError('https://s.example/r?error=x&error_description=Nope'), 'Nope')
  assert.is(resultError('not a url'), 'The sign-in answer was not readable')
  const page = 'https://dapp.example/app?x=1'
  assert.is(
    new URL(withReturnUrl('https://id.example/auth?state=abc&p=1', page)).searchParams.get('state'),
    `abc--${page}`,
  )
  const magic = new URL(
    withReturnUrl(
      `https://auth.magic.link/v1?provider_authorization_url=${encodeURIComponent('https://g.example/o?state=q')}`,
      page,
    ),
  )
  const inner = new URL(magic.searchParams.get('provider_authorization_url')!)
  assert.is(inner.searchParams.get('state'), `q--${page}`)
  assert.throws(() => withReturnUrl('https://id.example/auth', page), /redirect uri/)
})

test.run()
