// wagmi over the embedded wallet: on the AppKit-quickstart wagmi page, an email login in the modal
// (the code read from the sandbox's mailbox) is what wagmi's useAccount and useBalance see, and a
// wagmi useSignMessage is approved inside the secure frame and verifies for that account (issue 19:
// whatever way the visitor connects in the modal).
import { chainBalance, expect, loginWithEmail, modal, openDapp, sandboxConfig, test } from './helpers.mjs'
import { answerSecureFrame } from '../helpers/secure-frame.mjs'

const EMAIL = `wagmi-${Date.now()}@example.com`

test.afterAll(async ({ request }) => {
  const config = await sandboxConfig(request)
  await request.delete(`${config.apiUrl}/__sandbox/features`)
})

test('wagmi hooks through an email login: the embedded account, its balance, a signature approved in the frame', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const features = await request.post(`${config.apiUrl}/__sandbox/features`, { data: { email: true } })
  expect(features.ok()).toBe(true)
  const log = await openDapp(page, '/wagmi.html')
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

  await loginWithEmail(page, request, config, EMAIL)
  const dialog = modal(page)

  const { accounts } = await (await request.get(`${config.secureFrameUrl}/__sandbox/accounts`)).json()
  // The widget asks for a smart account on EVM (its default); the faucet funded it.
  const address = accounts.find((entry) => entry.email === EMAIL).funded.smartAccounts[config.chains[0].chainId].address
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
  await expect(page.getByTestId('wagmi-address')).toHaveText(new RegExp(`^${address}$`, 'i'))
  await expect(page.getByTestId('wagmi-balance')).toHaveText(`${await chainBalance(config, address)} ETH`)

  // personal_sign needs approval: the frame's own screen, laid over the modal. The page checks the
  // signature against the account with viem's verifyMessage.
  await page.getByRole('button', { name: 'Sign message with wagmi' }).click()
  await expect(dialog.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  await expect(page.getByTestId('sign-result')).toHaveText('Signature verified')
  expect(log.errors).toEqual([])
})
