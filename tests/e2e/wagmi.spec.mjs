// The wagmi page (demo/wagmi.html): a dapp written the AppKit-quickstart way (WagmiAdapter,
// createAppKit({ adapters }), <WagmiProvider>) on SigKit, with the SigKit Test Wallet (injected)
// connected in the modal. wagmi's hooks must work through that wallet and land on the chain, and
// each side must follow the other: connect, switch, reload, disconnect.
import { createPublicClient, erc20Abi, http } from 'viem'
import {
  answerWallet,
  chainBalance,
  expect,
  modal,
  openDapp,
  sandboxConfig,
  scanWalletConnectQr,
  test,
  walletPrompt,
  sandboxWalletConnectWallet,
} from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

const same = (address) => new RegExp(`^${address}$`, 'i')

async function tokenBalance(config, token, owner, chainId = 31337) {
  const chain = config.chains.find((item) => item.chainId === chainId)
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

async function connectInModal(page) {
  await page.locator('appkit-button').click()
  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
}

test('wagmi hooks through the wallet connected in the modal: account, balance, send, write, sign, switch both ways, reload, disconnect', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const wallet = config.accounts.wallet
  const log = await openDapp(page, '/wagmi.html')
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

  // Connect in the modal: wagmi's useAccount sees it, through SigKit's connector.
  await connectInModal(page)
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
  await expect(page.getByTestId('wagmi-address')).toHaveText(same(wallet))
  await expect(page.getByTestId('wagmi-connector')).toHaveText('sigkit')
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
  // useBalance reads the chain: the same wei as anvil.
  await expect(page.getByTestId('wagmi-balance')).toHaveText(`${await chainBalance(config, wallet)} ETH`)

  // useSendTransaction of 0.01 ETH: the wallet asks, the transaction lands.
  const recipient = config.accounts.recipient
  const recipientBefore = await chainBalance(config, recipient)
  await page.getByRole('button', { name: 'Send 0.01 ETH with wagmi' }).click()
  await answerWallet(page, 'Send transaction')
  await expect(page.getByTestId('send-receipt')).toHaveText('success', { timeout: 15_000 })
  expect(Number(await chainBalance(config, recipient)) - Number(recipientBefore)).toBeCloseTo(0.01, 10)
  await page.getByRole('button', { name: 'Refetch balance' }).click()
  await expect(page.getByTestId('wagmi-balance')).toHaveText(`${await chainBalance(config, wallet)} ETH`)

  // useWriteContract: an ERC-20 transfer of 1 token, checked on the chain.
  const token = config.tokens['31337'][0]
  const tokensBefore = await tokenBalance(config, token.address, recipient)
  await page.getByRole('button', { name: new RegExp(`Transfer 1 ${token.symbol} with wagmi`) }).click()
  await answerWallet(page, 'Send transaction')
  await expect(page.getByTestId('write-receipt')).toHaveText('success', { timeout: 15_000 })
  expect(await tokenBalance(config, token.address, recipient)).toBe(tokensBefore + 10n ** BigInt(token.decimals))

  // useSignMessage: signed by the wallet, verified against the address.
  await page.getByRole('button', { name: 'Sign message with wagmi' }).click()
  await answerWallet(page, 'Sign message')
  await expect(page.getByTestId('sign-result')).toHaveText('Signature verified')

  // useSwitchChain to the L2: the wallet adds it, and the modal's network moves with wagmi.
  await page.getByRole('button', { name: 'wagmi switch to Localhost L2' }).click()
  await answerWallet(page, 'Add network')
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
  await expect(page.getByTestId('modal-network')).toHaveText('eip155:31338')
  await expect(page.getByTestId('wagmi-balance')).toHaveText(`${await chainBalance(config, wallet, 31338)} ETH`)

  // And the other way: switching in the modal moves wagmi.
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog
    .getByRole('button', { name: /Localhost L2/ })
    .first()
    .click()
  await dialog.getByRole('button', { name: /^Localhost(?! L2)/ }).click()
  await answerWallet(page, 'Switch network')
  await expect(page.getByTestId('modal-network')).toHaveText('eip155:31337')
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
  await page.keyboard.press('Escape')

  // A reload restores both sides together, with no wallet prompt.
  await page.reload()
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
  await expect(page.getByTestId('wagmi-address')).toHaveText(same(wallet))
  await expect(page.locator('appkit-button')).not.toContainText('Connect Wallet')
  await expect(walletPrompt(page)).toHaveCount(0)
  expect(await page.evaluate(() => window.sigkitTestWallet.pending.length)).toBe(0)

  // A wagmi-side disconnect disconnects the modal.
  await page.getByRole('button', { name: 'wagmi disconnect' }).click()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
  await expect(page.locator('appkit-button')).toContainText('Connect Wallet')

  // And a disconnect in the modal disconnects wagmi.
  await connectInModal(page)
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
  await page.locator('appkit-button').click()
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
  await expect(page.getByTestId('wagmi-address')).toHaveText('—')
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

test('the same over WalletConnect: the WalletConnect test wallet connected in the modal serves wagmi', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const requests = []
  const wallet = await sandboxWalletConnectWallet(config, {
    approve: (item) => (requests.push(item.method), true),
  })
  try {
    const log = await openDapp(page, '/wagmi.html')
    await wallet.pair(await scanWalletConnectQr(page))
    await wallet.approveNextSession()

    await expect(page.getByTestId('wagmi-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('wagmi-address')).toHaveText(same(wallet.evmAddress))
    await expect(page.getByTestId('wagmi-balance')).toHaveText(`${await chainBalance(config, wallet.evmAddress)} ETH`)

    const recipient = config.accounts.recipient
    const before = await chainBalance(config, recipient)
    await page.getByRole('button', { name: 'Send 0.01 ETH with wagmi' }).click()
    await expect(page.getByTestId('send-receipt')).toHaveText('success', { timeout: 15_000 })
    expect(Number(await chainBalance(config, recipient)) - Number(before)).toBeCloseTo(0.01, 10)

    await page.getByRole('button', { name: 'Sign message with wagmi' }).click()
    await expect(page.getByTestId('sign-result')).toHaveText('Signature verified')

    await page.getByRole('button', { name: 'wagmi switch to Localhost L2' }).click()
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
    await expect(page.getByTestId('modal-network')).toHaveText('eip155:31338')
    await expect(page.getByTestId('wagmi-balance')).toHaveText(
      `${await chainBalance(config, wallet.evmAddress, 31338)} ETH`,
    )
    // The session's chain moved too (universal-provider switches between approved chains itself, so
    // the wallet is not asked): the next send lands on the L2.
    const beforeL2 = await chainBalance(config, recipient, 31338)
    await page.getByRole('button', { name: 'Send 0.01 ETH with wagmi' }).click()
    await expect.poll(() => chainBalance(config, recipient, 31338), { timeout: 15_000 }).not.toBe(beforeL2)
    expect(Number(await chainBalance(config, recipient, 31338)) - Number(beforeL2)).toBeCloseTo(0.01, 10)
    // The sends and the signature went to the wallet over the relay.
    expect(requests.filter((method) => method !== 'wallet_switchEthereumChain')).toEqual([
      'eth_sendTransaction',
      'personal_sign',
      'eth_sendTransaction',
    ])

    // A reload restores the session on both sides; then wagmi's disconnect ends it in the modal too.
    await page.reload()
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('wagmi-address')).toHaveText(same(wallet.evmAddress))
    await page.getByRole('button', { name: 'wagmi disconnect' }).click()
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
    await expect(page.locator('appkit-button')).toContainText('Connect Wallet')
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await wallet.stop()
  }
})
