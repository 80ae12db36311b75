// Smart sessions end to end in Chromium: a dapp granted a session to the test wallet's account in
// the sandbox; the Account view (feature on with ?sessions=on) offers the sessions, the list shows
// it, Revoke asks the wallet to sign the session's pci (a real personal_sign on anvil), the
// sandbox verifies that signature against the chain and revokes it, and it is gone from both the
// view and the sandbox's list. axe on the new view.
import {
  answerWallet,
  connectTestWallet,
  expect,
  modal,
  openDapp,
  sandboxConfig,
  seriousAxeViolations,
  test,
} from './helpers.mjs'

test('a granted session is shown, revoked with the wallet’s signature, and gone from the sandbox', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const account = `eip155:${config.chains[0].chainId}:${config.accounts.wallet}`
  const name = `E2E Game ${Date.now().toString(36)}`
  const granted = await request.post(`${config.apiUrl}/v1/sessions/${account}?projectId=sigkit-sandbox`, {
    data: {
      permission: { permissionType: 'contract-call', data: '0xabc', required: true, onChainValidated: false },
      project: { name },
    },
  })
  expect(granted.ok()).toBe(true)
  const { pci } = await granted.json()
  const listed = async () =>
    (await (await request.get(`${config.apiUrl}/v1/sessions/${account}?projectId=sigkit-sandbox`)).json()).pcis.map(
      (session) => session.pci,
    )
  expect(await listed()).toContain(pci)

  const log = await openDapp(page, '/?sessions=on')
  await connectTestWallet(page)
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect(dialog.getByText(/\d+ smart sessions?/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Manage sessions' }).click()
  await expect(dialog.getByRole('heading', { name: 'Smart Sessions' })).toBeVisible()
  const row = dialog.locator(`[data-session="${pci}"]`)
  await expect(row).toContainText(name)
  await expect(row).toContainText('contract-call')
  expect(await seriousAxeViolations(page), 'SmartSessions').toEqual([])

  await row.getByRole('button', { name: `Revoke the session of ${name}` }).click()
  await answerWallet(page, 'Sign message')
  await expect(row).toHaveCount(0)
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  expect(await listed()).not.toContain(pci)
  expect(log.errors).toEqual([])
})
