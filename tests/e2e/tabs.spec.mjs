// Tabs in step (issue 31): the demo dapp open in two tabs of one browser. A connection, a network
// switch and a disconnect made in one show in the other without a reload and without the other
// tab's wallet prompting; both tabs reloading at once each restore once, one after the other
// (the project's Web Lock), and both end connected. The embedded wallet too: an email login in
// one tab shows in the other without a second login (the other tab's secure frame restores the
// frame's session), and a disconnect in either shows in both.
import {
  answerWallet,
  connectTestWallet,
  expect,
  mailedCode,
  modal,
  openDapp,
  recordWalletCalls,
  resetFeatures,
  sandboxConfig,
  test,
  walletPrompt,
} from './helpers.mjs'

/** Before any page script: which Web Locks the tab takes, so the test can tell a restore from a prompt. */
function recordLocks() {
  window.__locks = []
  const locks = navigator.locks
  const lockRequest = locks.request.bind(locks)
  locks.request = (name, ...rest) => {
    window.__locks.push(name)
    return lockRequest(name, ...rest)
  }
}

/** The demo dapp in two tabs of one browser context, both disconnected. */
async function openTwoTabs(context) {
  const tabA = await context.newPage()
  const tabB = await context.newPage()
  const logA = await openDapp(tabA)
  const logB = await openDapp(tabB)
  await expect(status(tabB)).toHaveText('disconnected')
  return { tabA, tabB, logA, logB }
}

const walletCalls = (page) => page.evaluate(() => window.__walletCalls)
const locksTaken = (page) => page.evaluate(() => window.__locks)
const status = (page) => page.getByTestId('account-status')
const network = (page) => page.getByTestId('network-name')

test('connect, switch network and disconnect in one tab show in the other; a reload of both restores once each', async ({
  context,
}) => {
  await context.addInitScript(recordWalletCalls)
  await context.addInitScript(recordLocks)
  const { tabA, tabB, logA, logB } = await openTwoTabs(context)

  // A connects (its wallet prompts there); B follows from the stored session, no prompt in B.
  // The tab acted in is brought to the front, as the visitor does (a background tab's animation
  // frames are throttled, which Playwright's clicks wait for).
  await tabA.bringToFront()
  await connectTestWallet(tabA)
  await expect(status(tabB)).toHaveText('connected')
  const address = await tabA.getByTestId('account-address').innerText()
  await expect(tabB.getByTestId('account-address')).toHaveText(address)
  await expect(walletPrompt(tabB)).toHaveCount(0)
  const askedB = await walletCalls(tabB)
  expect(askedB, 'B restored the session: it asked for the accounts it has, never to connect').toContain('eth_accounts')
  expect(askedB).not.toContain('eth_requestAccounts')

  // A switches network (A's wallet adds Localhost L2); B shows it, B's wallet asked nothing.
  const beforeSwitch = (await walletCalls(tabB)).length
  await tabA.getByRole('button', { name: 'Switch to Localhost L2', exact: true }).click()
  await answerWallet(tabA, 'Add network')
  await expect(network(tabA)).toHaveText('Localhost L2 (chain 31338)')
  await expect(network(tabB)).toHaveText('Localhost L2 (chain 31338)')
  const switchCalls = (await walletCalls(tabB))
    .slice(beforeSwitch)
    .filter((method) => method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain')
  expect(switchCalls, "B's wallet was not asked to switch").toEqual([])
  await expect(walletPrompt(tabB)).toHaveCount(0)

  // B disconnects; A shows it.
  await tabB.bringToFront()
  await tabB.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(status(tabB)).toHaveText('disconnected')
  await expect(status(tabA)).toHaveText('disconnected')

  // Connected again in A; then both tabs reload at once.
  await tabA.bringToFront()
  await connectTestWallet(tabA)
  await expect(status(tabB)).toHaveText('connected')
  // 'commit': a background tab's load event may wait for the front one's.
  await Promise.all([tabA.reload({ waitUntil: 'commit' }), tabB.reload({ waitUntil: 'commit' })])
  // Two page loads at once on a busy machine: the pages take a while to render.
  await expect(status(tabA)).toHaveText('connected', { timeout: 20_000 })
  await expect(status(tabB)).toHaveText('connected', { timeout: 20_000 })
  for (const [name, tab] of [
    ['A', tabA],
    ['B', tabB],
  ]) {
    const calls = await walletCalls(tab)
    expect(
      calls.filter((method) => method === 'eth_accounts'),
      `${name}: one restore`,
    ).toHaveLength(1)
    expect(calls, `${name}: no prompt to connect`).not.toContain('eth_requestAccounts')
    expect(
      (await locksTaken(tab)).filter((lock) => lock.startsWith('sigkit-restore:')),
      `${name}: its restore took the project's lock`,
    ).toHaveLength(1)
    await expect(walletPrompt(tab)).toHaveCount(0)
  }
  expect(logA.errors, 'uncaught errors in A').toEqual([])
  expect(logB.errors, 'uncaught errors in B').toEqual([])
})

test('the embedded wallet: an email login in A shows in B without a login there; a disconnect in B shows in A', async ({
  context,
  request,
}) => {
  const config = await sandboxConfig(request)
  const features = await request.post(`${config.apiUrl}/__sandbox/features`, { data: { email: true } })
  expect(features.ok()).toBe(true)
  try {
    const email = `tabs-${Date.now()}@example.com`
    const mails = async () =>
      (await (await request.get(`${config.secureFrameUrl}/__sandbox/mailbox?email=${email}`)).json()).mails.length
    const { tabA, tabB, logA, logB } = await openTwoTabs(context)

    // A signs in by email: the code from the mailbox, typed into the six boxes.
    await tabA.bringToFront()
    await tabA.locator('appkit-button').click()
    const dialog = modal(tabA)
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    const code = await mailedCode(request, config, email, 1)
    await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
    await tabA.keyboard.type(code)
    await expect(status(tabA)).toHaveText('connected')
    const address = await tabA.getByTestId('account-address').innerText()

    // B follows: its own frame restores the session; no modal, no second code mailed. B is in the
    // background, where Chromium throttles timers to one a second, and the frame's start waits on
    // several (READY + 500 ms, then its requests): on a busy machine that passes 5 s.
    await expect(status(tabB)).toHaveText('connected', { timeout: 20_000 })
    await expect(tabB.getByTestId('account-address')).toHaveText(address)
    await expect(modal(tabB)).toHaveCount(0)
    expect(await mails(), 'no second login').toBe(1)

    // B disconnects; A shows it.
    await tabB.bringToFront()
    await tabB.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(status(tabB)).toHaveText('disconnected')
    await expect(status(tabA)).toHaveText('disconnected')
    expect(logA.errors, 'uncaught errors in A').toEqual([])
    expect(logB.errors, 'uncaught errors in B').toEqual([])
  } finally {
    await resetFeatures(request)
  }
})
