// The secure frame's backend over HTTP, without chains or a browser: email codes (expiry, wrong
// codes, resend throttle, one device), device approval, recovery, email change, the mailbox, the
// origin check, and that its /api/ routes serve only the frame's own origin; social logins (state,
// code, the provider stand-in page, the return URL) and Farcaster channels. A fake clock stands in
// for the 20-minute, 10-minute and 30-second waits.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createKeyPairSignerFromPrivateKeyBytes, getBase16Encoder } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startSecureFrame } from '../../../demo/sandbox/secure-frame/server.mjs'
import { isOriginAllowed } from '../../../demo/sandbox/secure-frame/origins.mjs'
import {
  SMART_ACCOUNT_CONTRACTS,
  ammArtifactFile,
  compileSmartAccounts,
  serializeArtifact,
} from '../../../demo/sandbox/contracts/compile.mjs'
import { mailsTo } from './helpers'

let clock = 1_700_000_000_000
let frame: Awaited<ReturnType<typeof startSecureFrame>>
let projectApi: Server
let projectApiUrl = ''
const DEVICE_A = 'device-a-0000000000000001'
const DEVICE_B = 'device-b-0000000000000002'
const DAPP = 'http://127.0.0.1:5173'

/** POST /api/<route> as the frame does (same origin), or with `origin` to act as another page. */
async function api(route: string, body: unknown, { token, origin }: { token?: string; origin?: string } = {}) {
  const response = await fetch(`${frame.url}/api/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: origin ?? frame.url,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

async function latestCode(email: string) {
  const mails = await mailsTo(frame.url, email)
  return mails.at(-1)?.code as string
}

async function newKeys() {
  const evm = generatePrivateKey()
  const solana = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')
  const signer = await createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(getBase16Encoder().encode(solana)))
  return { recovery: { evm, solana }, addresses: { evm: privateKeyToAccount(evm).address, solana: signer.address } }
}

/** Email → code → session on a device; registers the keys when the email is new. */
async function signIn(email: string, device: string, keys?: Awaited<ReturnType<typeof newKeys>>) {
  assert.equal((await api('email/start', { email, device })).body, { action: 'VERIFY_OTP' })
  const verified = await api('email/verify', { email, device, otp: await latestCode(email) })
  assert.is(verified.status, 200, JSON.stringify(verified.body))
  if (keys) assert.is((await api('account', keys, { token: verified.body.token })).status, 200)
  return verified.body.token as string
}

test.before(async () => {
  projectApi = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ allowedOrigins: ['https://dapp.example', 'https://*.preview.example'] }))
  })
  await new Promise<void>((resolve) => projectApi.listen(0, '127.0.0.1', resolve))
  projectApiUrl = `http://127.0.0.1:${(projectApi.address() as { port: number }).port}`
  frame = await startSecureFrame({ fund: false, now: () => clock, apiUrl: projectApiUrl, deviceWaitMs: 150 })
})

test.after(async () => {
  await frame?.stop()
  await new Promise((resolve) => projectApi?.close(resolve))
})

test('a code is mailed; a wrong one is refused and the right one still works', async () => {
  const email = 'Wrong.Code@Example.com'
  assert.equal((await api('email/start', { email, device: DEVICE_A })).body, { action: 'VERIFY_OTP' })
  const code = await latestCode('wrong.code@example.com')
  assert.match(code, /^\d{6}$/)
  const wrong = await api('email/verify', { email, device: DEVICE_A, otp: code === '000000' ? '111111' : '000000' })
  assert.equal([wrong.status, wrong.body], [400, { message: 'Invalid code' }])
  const right = await api('email/verify', { email, device: DEVICE_A, otp: code })
  assert.is(right.status, 200)
  assert.equal(Object.keys(right.body).sort(), ['account', 'email', 'token'])
  assert.is(right.body.email, 'wrong.code@example.com')
  assert.is(right.body.account, null)
})

test('resend: refused within 30 s with the widget’s text, then a new code replaces the old one', async () => {
  const email = 'resend@example.com'
  await api('email/start', { email, device: DEVICE_A })
  const first = await latestCode(email)
  clock += 12_500
  const early = await api('email/start', { email, device: DEVICE_A })
  assert.equal([early.status, early.body], [429, { message: 'Please try again after 18 seconds' }])
  clock += 17_500
  assert.equal((await api('email/start', { email, device: DEVICE_A })).body, { action: 'VERIFY_OTP' })
  const second = await latestCode(email)
  assert.is((await mailsTo(frame.url, email)).length, 2)
  if (first !== second) {
    const old = await api('email/verify', { email, device: DEVICE_A, otp: first })
    assert.is(old.body.message, 'Invalid code')
  }
  assert.is((await api('email/verify', { email, device: DEVICE_A, otp: second })).status, 200)
})

test('a code expires after 20 minutes and works only on the device that asked for it', async () => {
  const email = 'expiry@example.com'
  await api('email/start', { email, device: DEVICE_A })
  const code = await latestCode(email)
  const elsewhere = await api('email/verify', { email, device: DEVICE_B, otp: code })
  assert.equal([elsewhere.status, elsewhere.body.message], [400, 'No code was sent. Request a new code.'])
  clock += 20 * 60_000 + 1
  const late = await api('email/verify', { email, device: DEVICE_A, otp: code })
  assert.equal(late.body, { message: 'Code expired. Request a new code.' })
})

test('five wrong codes end the code; bad input is refused', async () => {
  const email = 'guesser@example.com'
  await api('email/start', { email, device: DEVICE_A })
  const code = await latestCode(email)
  const wrong = code === '123456' ? '654321' : '123456'
  for (let attempt = 1; attempt < 5; attempt++) {
    assert.is((await api('email/verify', { email, device: DEVICE_A, otp: wrong })).body.message, 'Invalid code')
  }
  const last = await api('email/verify', { email, device: DEVICE_A, otp: wrong })
  assert.is(last.body.message, 'Invalid code. Too many attempts: request a new code.')
  const tooLate = await api('email/verify', { email, device: DEVICE_A, otp: code })
  assert.is(tooLate.status, 400)
  assert.equal((await api('email/start', { email: 'not an email', device: DEVICE_A })).body, {
    message: 'Invalid email',
  })
  assert.is((await api('email/start', { email, device: 'short' })).body.message, 'Invalid device')
})

test('/api/ serves the frame’s own origin only; /__sandbox/ is open to tests and tools', async () => {
  const foreign = await api('email/start', { email: 'x@example.com', device: DEVICE_A }, { origin: 'http://evil.test' })
  assert.equal([foreign.status, foreign.body], [403, { message: 'Forbidden origin' }])
  assert.is(foreign.headers.get('access-control-allow-origin'), null)
  assert.is((await fetch(`${frame.url}/api/session`)).status, 405)
  const mailbox = await fetch(`${frame.url}/__sandbox/mailbox`)
  assert.is(mailbox.headers.get('access-control-allow-origin'), '*')
  assert.ok((await mailbox.json()).mails.length > 0)
})

test('an account: registered with matching keys only, recovered by its session, gone after sign-out', async () => {
  const email = 'owner@example.com'
  const keys = await newKeys()
  assert.equal((await api('email/start', { email, device: DEVICE_A })).body, { action: 'VERIFY_OTP' })
  const { token } = (await api('email/verify', { email, device: DEVICE_A, otp: await latestCode(email) })).body
  const other = await newKeys()
  const mismatch = await api('account', { addresses: keys.addresses, recovery: other.recovery }, { token })
  assert.equal([mismatch.status, mismatch.body.message], [400, 'The recovery keys do not match the addresses'])
  assert.is((await api('account', keys, { token: 'nope' })).status, 401)
  const created = await api('account', keys, { token })
  assert.equal(created.body, { addresses: keys.addresses, funded: null })
  assert.is((await api('account', keys, { token })).status, 409)
  assert.equal((await api('session', {}, { token })).body, { email, account: keys.addresses })
  assert.equal((await api('account/recovery', {}, { token })).body, keys.recovery)
  await api('sign-out', {}, { token })
  assert.is((await api('session', {}, { token })).status, 401)
  assert.is((await api('account/recovery', {}, { token })).status, 401)
  const listed = frame.accounts().find((account) => account.email === email)
  assert.equal(listed?.addresses, keys.addresses)
  assert.not.ok(JSON.stringify(frame.accounts()).includes(keys.recovery.evm.slice(2)), 'no key in the public list')
})

test('a new device: an approve link instead of a code; the link mails the code; the device recovers', async () => {
  const email = 'traveller@example.com'
  const keys = await newKeys()
  await signIn(email, DEVICE_A, keys)
  clock += 30_000
  assert.equal((await api('email/start', { email, device: DEVICE_B })).body, { action: 'VERIFY_DEVICE' })
  const mails = await mailsTo(frame.url, email)
  const linkMail = mails.at(-1)
  assert.is(linkMail.code, undefined)
  assert.match(linkMail.text, /new device/)
  // Nobody opened it yet: the held wait ends as not approved, and the frame asks again.
  assert.equal((await api('device/wait', { email, device: DEVICE_B })).body, { approved: false })
  const waiting = api('device/wait', { email, device: DEVICE_B })
  const page = await fetch(linkMail.link)
  assert.is(page.status, 200)
  assert.match(await page.text(), /Device approved/)
  assert.equal((await waiting).body, { approved: true })
  assert.is((await fetch(linkMail.link)).status, 404, 'a link works once')
  const verified = await api('email/verify', { email, device: DEVICE_B, otp: await latestCode(email) })
  assert.equal(verified.body.account, keys.addresses)
  assert.equal((await api('account/recovery', {}, { token: verified.body.token })).body, keys.recovery)
  // Known now: the next login from it is a plain code.
  clock += 30_000
  assert.equal((await api('email/start', { email, device: DEVICE_B })).body, { action: 'VERIFY_OTP' })
})

test('changing the email: a code to the current address, then to the new one; the account moves', async () => {
  const email = 'before@example.com'
  const keys = await newKeys()
  const token = await signIn(email, DEVICE_A, keys)
  clock += 30_000
  const started = await api('email/update', { email: 'after@example.com' }, { token })
  assert.equal(started.body, { action: 'VERIFY_PRIMARY_OTP' })
  assert.equal((await api('email/update/primary', { otp: await latestCode(email) }, { token })).body, {})
  const moved = await api('email/update/secondary', { otp: await latestCode('after@example.com') }, { token })
  assert.equal(moved.body, { oldEmail: email, newEmail: 'after@example.com' })
  assert.equal((await api('session', {}, { token })).body, { email: 'after@example.com', account: keys.addresses })
  assert.not.ok(frame.accounts().some((account) => account.email === email))
})

test('the origin check: the project’s list (wildcards), plus localhost always', async () => {
  const check = async (origin: string) => (await api('origin', { projectId: 'p1', origin })).body.allowed as boolean
  assert.is(await check('https://dapp.example'), true)
  assert.is(await check('https://pr-7.preview.example'), true)
  assert.is(await check('https://evil.example'), false)
  assert.is(await check('http://127.0.0.1:5173'), true)
  assert.is(isOriginAllowed('http://localhost:3000', ['https://only.example']), true)
  assert.is(isOriginAllowed('https://anything.example', []), true)
  assert.is(isOriginAllowed('https://dapp.example/path', ['https://dapp.example']), false)
})

test('the mailbox page lists an address’s mails, newest first, escaped', async () => {
  const html = await (await fetch(`${frame.url}/mailbox?email=${encodeURIComponent('owner@example.com')}`)).text()
  assert.match(html, /is your SigKit sandbox code/)
  assert.match(html, /<meta http-equiv="refresh"/)
  const injected = await (await fetch(`${frame.url}/mailbox?email=${encodeURIComponent('<b>x</b>@e.co')}`)).text()
  assert.not.ok(injected.includes('<b>x</b>'))
})

// ── social logins ───────────────────────────────────────────────────────────────────────────

/** social/start → the stand-in page's URI and its state. */
async function startSocial(provider = 'google', device = DEVICE_A, origin = DAPP) {
  const started = await api('social/start', { provider, device, origin })
  assert.is(started.status, 200, JSON.stringify(started.body))
  const uri = new URL(started.body.uri)
  assert.is(`${uri.origin}${uri.pathname}`, `${frame.url}/oauth/${provider}`)
  return { uri: started.body.uri as string, state: uri.searchParams.get('state')! }
}

/** The result URI's state and code (or error). */
function resultOf(resultUri: string) {
  assert.ok(resultUri.startsWith(`${frame.url}/oauth/result?`), resultUri)
  return Object.fromEntries(new URL(resultUri).searchParams)
}

test('social: start → the provider stand-in page → Continue → a code the frame verifies once', async () => {
  const { uri, state } = await startSocial('github')
  const page = await fetch(uri)
  assert.is(page.status, 200)
  const html = await page.text()
  assert.match(html, /<title>GitHub \(sandbox\)<\/title>/)
  assert.match(html, /<label for="username">Username<\/label>/)
  assert.match(html, /value="ada\.lovelace"/)
  assert.match(html, />Continue as ada\.lovelace</)
  assert.match(html, />Cancel</)
  assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/)

  const approved = await api('social/approve', { state, username: 'grace.hopper' })
  assert.is(approved.status, 200, JSON.stringify(approved.body))
  assert.is(approved.body.parentOrigin, DAPP)
  assert.is(approved.body.redirectUrl, undefined)
  const result = resultOf(approved.body.resultUri)
  assert.is(result.state, state)
  const verified = await api('social/verify', { state, code: result.code, device: DEVICE_A, origin: DAPP })
  assert.is(verified.status, 200, JSON.stringify(verified.body))
  assert.is(verified.body.email, 'github:grace.hopper')
  assert.is(verified.body.userName, 'grace.hopper')
  assert.is(verified.body.account, null)

  // The session is an account's like an email's: it registers keys, which the same identity finds again.
  const keys = await newKeys()
  assert.is((await api('account', keys, { token: verified.body.token })).status, 200)
  assert.equal((await api('session', {}, { token: verified.body.token })).body, {
    email: 'github:grace.hopper',
    account: keys.addresses,
  })
  const again = await api('social/verify', { state, code: result.code, device: DEVICE_A, origin: DAPP })
  assert.equal([again.status, again.body.message], [400, 'This sign-in is not valid (any more). Start again.'])

  // A second login from another device finds the account and may recover its keys.
  const second = await startSocial('github', DEVICE_B)
  const code = resultOf(
    (await api('social/approve', { state: second.state, username: 'grace.hopper' })).body.resultUri,
  ).code
  const other = await api('social/verify', { state: second.state, code, device: DEVICE_B, origin: DAPP })
  assert.equal(other.body.account, keys.addresses)
  assert.equal((await api('account/recovery', {}, { token: other.body.token })).body, keys.recovery)
})

test('social: another device, another page origin or a wrong code is refused and uses the state up', async () => {
  for (const attempt of [
    { device: DEVICE_B, origin: DAPP, message: 'This sign-in was started elsewhere. Start again.' },
    { device: DEVICE_A, origin: 'http://127.0.0.1:9999', message: 'This sign-in was started elsewhere. Start again.' },
    { device: DEVICE_A, origin: DAPP, code: 'guess', message: 'Invalid sign-in code. Start again.' },
  ]) {
    const { state } = await startSocial('discord')
    const { code } = resultOf((await api('social/approve', { state, username: 'ada' })).body.resultUri)
    const refused = await api('social/verify', {
      state,
      code: attempt.code ?? code,
      device: attempt.device,
      origin: attempt.origin,
    })
    assert.equal([refused.status, refused.body.message], [400, attempt.message])
    const right = await api('social/verify', { state, code, device: DEVICE_A, origin: DAPP })
    assert.is(right.status, 400, 'the state is gone after a wrong try')
  }
})

test('social: a state expires after 10 minutes; unknown providers and bad input are refused', async () => {
  const { state, uri } = await startSocial('apple')
  clock += 10 * 60_000 + 1
  const late = await api('social/approve', { state, username: 'ada' })
  assert.equal([late.status, late.body.message], [400, 'This sign-in expired. Start again.'])
  const page = await fetch(uri)
  assert.is(page.status, 400)
  assert.match(await page.text(), /not valid/)

  const unknown = await api('social/start', { provider: 'myspace', device: DEVICE_A, origin: DAPP })
  assert.equal([unknown.status, unknown.body.message], [400, 'Unsupported social provider'])
  assert.is((await fetch(`${frame.url}/oauth/myspace?state=x`)).status, 404)
  const badOrigin = await api('social/start', { provider: 'x', device: DEVICE_A, origin: 'http://a.test/path' })
  assert.equal([badOrigin.status, badOrigin.body.message], [400, 'Invalid origin'])
  const fresh = await startSocial('x')
  const badName = await api('social/approve', { state: fresh.state, username: '<script>' })
  assert.is(badName.status, 400)
  assert.match(badName.body.message, /Invalid username/)
  // The stand-in page belongs to its provider.
  assert.is((await fetch(`${frame.url}/oauth/google?state=${fresh.state}`)).status, 400)
})

test('social: Cancel gives an access_denied result and the state can no longer be used', async () => {
  const { state } = await startSocial('facebook')
  const cancelled = await api('social/cancel', { state })
  assert.is(cancelled.status, 200)
  const result = resultOf(cancelled.body.resultUri)
  assert.equal(result, { state, error: 'access_denied', error_description: 'The visitor cancelled' })
  assert.is(cancelled.body.parentOrigin, DAPP)
  assert.is((await api('social/approve', { state, username: 'ada' })).status, 400)
})

test('social: every state survives the return URL appended after `--` (no state of its own cut short)', async () => {
  // A state may end or contain what the separator is made of; 200 sign-ins make that near certain
  // to show if it can (with base64url states about one in fifty failed).
  const returnUrl = encodeURIComponent(`${DAPP}/a--b`)
  const statuses = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const { state } = await startSocial('x')
      return (await fetch(`${frame.url}/oauth/x?state=${state}--${returnUrl}`)).status
    }),
  )
  assert.equal(
    statuses.filter((status) => status !== 200),
    [],
  )
})

test('social: the return URL (redirect flow) only leads back to the page that started the sign-in', async () => {
  const { state } = await startSocial('google')
  const returnUrl = `${DAPP}/shop?step=2`
  // The widget appends it to the state after `--`; the page hands it to its script as data.
  const page = await fetch(`${frame.url}/oauth/google?state=${state}--${encodeURIComponent(returnUrl)}`)
  assert.is(page.status, 200)
  assert.ok((await page.text()).includes(JSON.stringify(returnUrl).slice(1, -1)))

  const elsewhere = await api('social/approve', { state, username: 'ada', returnUrl: 'https://evil.example/steal' })
  assert.equal(
    [elsewhere.status, elsewhere.body.message],
    [400, 'The return URL is not on the page that started the sign-in'],
  )
  const sneaky = await api('social/cancel', { state, returnUrl: `${DAPP}.evil.example/` })
  assert.is(sneaky.status, 400)
  const approved = await api('social/approve', { state, username: 'ada', returnUrl })
  assert.is(approved.status, 200)
  const back = new URL(approved.body.redirectUrl)
  assert.is(`${back.origin}${back.pathname}`, `${DAPP}/shop`)
  assert.is(back.searchParams.get('step'), '2')
  assert.is(back.searchParams.get('result_uri'), approved.body.resultUri)
})

test('the loading page a social popup opens on is neutral', async () => {
  const page = await fetch(`${frame.url}/loading`)
  assert.is(page.status, 200)
  assert.match(await page.text(), /<p role="status">Loading…<\/p>/)
})

// ── Farcaster ─────────────────────────────────────────────────────────────────────────────

async function startFarcaster(device = DEVICE_A) {
  const started = await api('farcaster/start', { device, origin: DAPP })
  assert.is(started.status, 200, JSON.stringify(started.body))
  const url = new URL(started.body.url)
  assert.is(`${url.origin}${url.pathname}`, `${frame.url}/farcaster/approve`)
  return { url: started.body.url as string, channel: url.searchParams.get('channel')! }
}

test('Farcaster: the frame waits on a channel until the stand-in page approves; a session for farcaster:<name>', async () => {
  const { url, channel } = await startFarcaster()
  const html = await (await fetch(url)).text()
  assert.match(html, /<title>Sign in with Farcaster \(sandbox\)<\/title>/)
  assert.match(html, /value="ada"/)
  assert.match(html, />Approve</)
  assert.match(html, />Reject</)
  // Nobody answered: the held wait ends as pending, and the frame asks again.
  assert.equal((await api('farcaster/wait', { channel, device: DEVICE_A })).body, { status: 'pending' })
  assert.is((await api('farcaster/wait', { channel, device: DEVICE_B })).status, 400)
  const waiting = api('farcaster/wait', { channel, device: DEVICE_A })
  assert.equal((await api('farcaster/approve', { channel, username: 'dwr' })).body, {})
  const approved = (await waiting).body
  assert.is(approved.status, 'approved')
  assert.is(approved.email, 'farcaster:dwr')
  assert.is(approved.userName, 'dwr')
  assert.is((await api('session', {}, { token: approved.token })).body.email, 'farcaster:dwr')
  assert.is((await api('farcaster/wait', { channel, device: DEVICE_A })).status, 400, 'answered once')
  assert.is((await fetch(url)).status, 400)
})

test('Farcaster: Reject ends the wait as rejected; reset ends it as reset; channels expire', async () => {
  const rejected = await startFarcaster()
  const waiting = api('farcaster/wait', { channel: rejected.channel, device: DEVICE_A })
  assert.equal((await api('farcaster/reject', { channel: rejected.channel })).body, {})
  assert.equal((await waiting).body, { status: 'rejected' })

  const reset = await startFarcaster()
  const held = api('farcaster/wait', { channel: reset.channel, device: DEVICE_A })
  assert.equal((await api('farcaster/reset', { channel: reset.channel, device: DEVICE_A })).body, {})
  assert.equal((await held).body, { status: 'reset' })
  assert.is((await api('farcaster/approve', { channel: reset.channel, username: 'ada' })).status, 400)

  const old = await startFarcaster()
  clock += 10 * 60_000 + 1
  const late = await api('farcaster/approve', { channel: old.channel, username: 'ada' })
  assert.equal([late.status, late.body.message], [400, 'This Farcaster sign-in expired. Start again.'])
})

test('the committed SmartAccount.json and SmartAccountFactory.json match a fresh compile', () => {
  const fresh = compileSmartAccounts()
  for (const name of SMART_ACCOUNT_CONTRACTS) {
    assert.ok(
      readFileSync(ammArtifactFile(name), 'utf8') === serializeArtifact(fresh[name]!),
      `${name}.json is stale: run \`node demo/sandbox/contracts/compile.mjs\` and commit it`,
    )
  }
})

test.run()
