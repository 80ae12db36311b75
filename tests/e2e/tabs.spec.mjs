// Tabs in step (issue 31): the demo dapp open in two tabs of one browser. A connection, a network
// switch and a disconnect made in one show in the other without a reload and without the other
// tab's wallet prompting; both tabs reloading at once each restore once, one after the other
// (the project's Web Lock), and both end connected.
import { answerWallet, connectTestWallet, expect, openDapp, recordWalletCalls, test, walletPrompt } from './helpers.mjs'

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

const walletCalls = (page) => page.evaluate(() => window.__walletCalls)
const locksTaken = (page) => page.evaluate(() => window.__locks)
const status = (page) => page.getByTestId('account-status')
const network = (page) => page.getByTestId('network-name')

test('connect, switch network and disconnect in one tab show in the other; a reload of both restores once each', async ({
  context,
}) => {
  await context.addInitScript(recordWalletCalls)
  await context.addInitScript(recordLocks)
  const tabA = await context.newPage()
  const tabB = await context.newPage()
  const logA = await openDapp(tabA)
  const logB = await openDapp(tabB)
  await expect(status(tabB)).toHaveText('disconnected')

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
