// The email feature's views in the real modal (happy-dom) over a fake secure frame: the email
// section in Connect (only once the project's config turned email on, in the configured order),
// EmailVerifyOtp (paste fills every box, a wrong code empties them, resend within 30 s refused),
// EmailVerifyDevice, ApproveTransaction positioning the frame over itself, and the Account view
// showing the email.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { frameStats, resetEmbedded } from '../../../../src/connectors/embedded'
import { embeddedProvider } from '../../../../src/connectors/embedded/rpc'
import { initCore, registerAdapter } from '../../../../src/core/config/appkit-state'
import { applyRemoteFeatures } from '../../../../src/core/config/features'
import { validateOptions } from '../../../../src/core/config/options'
import { closeModal, modalState } from '../../../../src/core/modal/modal'
import { currentData, currentView, resetView } from '../../../../src/core/modal/router'
import { getAccountState } from '../../../../src/core/state/account'
import { localhost, solana } from '../../../helpers/networks'
import { fakeFrame, FRAME_ORIGIN, type FakeFrame, type Posted } from '../../helpers/embedded-frame'
import { button, installModal, modalShadow, openAt, title, useFakeAdapter, waitFor } from '../../helpers/views'
import { settle } from '../../helpers/dom'
import { resetAllState } from '../../helpers/reset'

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SOL = '7RiFeMYVRxNNAeWbXDmnznt6UxYQNbWcGXSr4yk6YPqX'
const EMAIL = 'ada@example.com'

let frame: FakeFrame
let action: string
let readyTimer: ReturnType<typeof setInterval> | undefined
let held: Posted['message'][]

function options(features: Record<string, unknown> = {}) {
  // No project id: remote config (and its origins check) stays off the network in these tests.
  return validateOptions({
    projectId: '',
    networks: [localhost, solana],
    // Socials off: these tests are about the email section alone (social has its own tests).
    features: { analytics: false, socials: false, ...features },
    endpoints: { secureSite: FRAME_ORIGIN },
  })
}

test.before.each(() => {
  localStorage.clear()
  installModal()
  initCore(options())
  const { adapter } = useFakeAdapter()
  registerAdapter('solana', async () => ({ createAdapter: () => ({ ...adapter, namespace: 'solana' }) }))
  frame = fakeFrame()
  action = 'VERIFY_OTP'
  held = []
  frame.answer = answer
  resetEmbedded(frame.element)
  // READY as soon as the widget made the frame.
  readyTimer = setInterval(() => {
    if (!frameStats()) return
    clearInterval(readyTimer)
    frame.ready()
  }, 5)
})
test.after.each(async () => {
  clearInterval(readyTimer)
  await resetAllState()
})

function answer(message: Posted['message']) {
  const name = message.type.replace('@w3m-app/', '')
  const payload = message.payload ?? {}
  switch (name) {
    case 'CONNECT_EMAIL':
      return { payload: { action } }
    case 'CONNECT_OTP':
      return payload.otp === '123456'
        ? {}
        : { type: '@w3m-frame/CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } }
    case 'GET_USER':
      return String(payload.chainId).startsWith('solana:')
        ? { payload: { email: EMAIL, address: SOL, chainId: payload.chainId } }
        : { payload: { email: EMAIL, address: EVM, chainId: 31337 } }
    case 'IS_CONNECTED':
      return { payload: { isConnected: true } }
    case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
      return { payload: { smartAccountEnabledNetworks: [] } }
    case 'RPC_REQUEST':
      held.push(message)
      return undefined
    default:
      return {}
  }
}

/** The texts of the alerts shown (the view's own, and the modal's project alert). */
const alerts = () => Array.from(modalShadow().querySelectorAll('[role="alert"]')).map((node) => node.textContent ?? '')

const emailField = () => modalShadow().querySelector<HTMLInputElement>('input[type="email"]')
const digits = () => Array.from(modalShadow().querySelectorAll<HTMLInputElement>('input[inputmode="numeric"]'))
const sections = () =>
  Array.from(modalShadow().querySelectorAll('section[data-method]')).map((section) =>
    section.getAttribute('data-method'),
  )

function type(input: HTMLInputElement, value: string) {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

function paste(input: HTMLInputElement, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
  input.dispatchEvent(event)
}

async function submitEmail(email = EMAIL) {
  type(emailField()!, email)
  button('Continue').click()
}

test('the email section waits for the project config, then shows in the configured order', async () => {
  await openAt('Connect')
  await settle(20)
  assert.equal(sections(), ['wallet'], 'local default only: no email field before the config says so')
  applyRemoteFeatures({ email: true })
  await waitFor(() => emailField())
  assert.equal(sections(), ['email', 'wallet'])
  closeModal()
  await settle()
  initCore(options({ connectMethodsOrder: ['wallet', 'email'] }))
  await openAt('Connect')
  await waitFor(() => emailField())
  assert.equal(sections(), ['wallet', 'email'])
  applyRemoteFeatures({ email: false })
  await waitFor(() => !emailField())
  assert.equal(sections(), ['wallet'])
})

test('email → code: paste fills every box, the sixth digit sends it, both namespaces connect, the modal closes', async () => {
  applyRemoteFeatures({ email: true })
  await openAt('Connect')
  await waitFor(() => emailField())
  await submitEmail()
  await waitFor(() => currentView.value === 'EmailVerifyOtp', 3000)
  assert.equal(currentData.value, { email: EMAIL })
  await waitFor(() => digits().length === 6)
  assert.is(title(), 'Confirm Email')
  assert.match(modalShadow().textContent ?? '', EMAIL)
  paste(digits()[2]!, 'Code: 123 456')
  await waitFor(() => modalState.open.value === false, 3000)
  assert.is(getAccountState('eip155').address.value, EVM)
  assert.is(getAccountState('solana').address.value, SOL)
})

test('a wrong code shows the frame message and empties the boxes; typing the right one connects', async () => {
  applyRemoteFeatures({ email: true })
  await openAt('Connect')
  await waitFor(() => emailField())
  await submitEmail()
  await waitFor(() => digits().length === 6, 3000)
  '000000'.split('').forEach((digit, index) => type(digits()[index]!, digit))
  await waitFor(() => alerts().includes('Invalid code'))
  await waitFor(() => digits().every((box) => box.value === '' && !box.disabled))
  '123456'.split('').forEach((digit, index) => type(digits()[index]!, digit))
  await waitFor(() => getAccountState('eip155').status.value === 'connected', 3000)
})

test('resend within 30 s says how long to wait; an invalid email never reaches the frame', async () => {
  applyRemoteFeatures({ email: true })
  await openAt('Connect')
  await waitFor(() => emailField())
  await submitEmail('not-an-email')
  await waitFor(() => alerts().includes('Invalid email. Try again.'))
  assert.is(emailField()?.getAttribute('aria-invalid'), 'true')
  await submitEmail()
  await waitFor(() => digits().length === 6, 3000)
  button('Resend code').click()
  const wait = await waitFor(() => alerts().find((text) => text.startsWith('Please try again')))
  assert.match(wait, /^Please try again after (30|29) seconds$/)
  assert.is(frame.posted.filter((entry) => entry.message.type === '@w3m-app/CONNECT_EMAIL').length, 1)
})

test('a new device: EmailVerifyDevice waits for the approval link, then the code view', async () => {
  action = 'VERIFY_DEVICE'
  let approve: (() => void) | undefined
  frame.answer = (message) => {
    if (message.type !== '@w3m-app/CONNECT_DEVICE') return answer(message)
    approve = () => frame.send({ type: '@w3m-frame/CONNECT_DEVICE_SUCCESS', id: message.id })
    return undefined
  }
  applyRemoteFeatures({ email: true })
  await openAt('Connect')
  await waitFor(() => emailField())
  await submitEmail()
  await waitFor(() => currentView.value === 'EmailVerifyDevice', 3000)
  await waitFor(() => approve)
  assert.is(title(), 'Register Device')
  assert.ok(modalShadow().querySelector('[role="status"]'))
  approve!()
  await waitFor(() => currentView.value === 'EmailVerifyOtp')
  assert.equal(currentData.value, { email: EMAIL })
})

/** The visitor logs in by email through the Connect view: the code typed, the modal closed. */
async function logInByEmail() {
  applyRemoteFeatures({ email: true })
  await openAt('Connect')
  await waitFor(() => emailField())
  await submitEmail()
  await waitFor(() => digits().length === 6, 3000)
  paste(digits()[0]!, '123456')
  await waitFor(() => modalState.open.value === false, 3000)
}

test('ApproveTransaction lays the frame over itself, above the modal, and hides it again on close (4001)', async () => {
  await logInByEmail()
  const element = frame.element as unknown as { style: { cssText?: string; display?: string }; focus(): void }
  let focused = false
  element.focus = () => (focused = true)
  const signing = embeddedProvider('eip155').request({ method: 'personal_sign', params: ['0x68', EVM] })
  await waitFor(() => currentView.value === 'ApproveTransaction' && held.length === 1, 3000)
  assert.is(title(), 'Approve Transaction')
  await waitFor(() => element.style.cssText?.includes('display:block'))
  assert.match(element.style.cssText ?? '', /position:fixed/)
  assert.match(element.style.cssText ?? '', /z-index:1000/, 'one above the modal host (999)')
  assert.ok(focused, 'keyboard users land in the frame')
  closeModal()
  const error = await signing.then(
    () => undefined,
    (reason: { code?: number }) => reason,
  )
  assert.is(error?.code, 4001)
  await waitFor(() => element.style.display === 'none')
})

test('the Account view shows the embedded user their email', async () => {
  await logInByEmail()
  resetView('Account')
  await openAt('Account')
  const user = await waitFor(() => modalShadow().querySelector('[data-user]'))
  assert.is(user.textContent, EMAIL)
})

test.run()
