// The headless demo page (demo/headless.html): a connect screen of its own over SigKit's headless
// API (AppKit's names), on the CDN build. `preloadOnIdle: false` and no <appkit-button>: nothing of
// the modal loads (tests/e2e/headless.spec.mjs checks the network log).
import { createAppKit } from '/cdn/sigkit.js'
import { sandboxOptions } from '/app/sandbox-options.js'

const byId = (id) => document.getElementById(id)
const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`)

/** A wallet as a grid cell: its logo and name, a button that connects it. Outside text as text. */
function walletCell(appKit, wallet) {
  const item = document.createElement('li')
  const button = document.createElement('button')
  button.type = 'button'
  if (wallet.imageUrl.startsWith('http')) {
    const logo = document.createElement('img')
    logo.src = wallet.imageUrl
    logo.alt = ''
    button.append(logo)
  }
  button.append(wallet.isInjected ? `${wallet.name} (installed)` : wallet.name)
  button.addEventListener('click', () => appKit.connectWallet(wallet).catch(showError))
  item.append(button)
  return item
}

function showError(error) {
  const output = byId('error')
  output.hidden = false
  output.textContent = String(error?.message ?? error)
}

function start() {
  const appKit = createAppKit({ ...sandboxOptions(), preloadOnIdle: false })
  window.appKit = appKit

  appKit.subscribeWalletList(({ wallets, wcWallets, count }) => {
    byTestId('first-wallets').replaceChildren(...wallets.map((wallet) => walletCell(appKit, wallet)))
    byTestId('all-wallets').replaceChildren(...wcWallets.map((wallet) => walletCell(appKit, wallet)))
    byTestId('wallet-count').textContent = count ? `${wcWallets.length} of ${count} wallets` : ''
  })
  appKit.subscribeWalletConnectUri(({ wcUri, wcFetchingUri, wcError }) => {
    byTestId('wc-uri').textContent = wcUri ?? (wcFetchingUri ? 'Making the code…' : wcError ? 'No code' : '')
  })
  void appKit.fetchWallets().catch(showError)

  let page = 1
  byId('more').addEventListener('click', () => {
    page = appKit.getWalletList().page + 1
    appKit.fetchWallets({ page, search: byId('search').value }).catch(showError)
  })
  let typing
  byId('search').addEventListener('input', (event) => {
    clearTimeout(typing)
    // One request per typing pause.
    typing = setTimeout(() => appKit.fetchWallets({ search: event.target.value }).catch(showError), 300)
  })
  byId('show-uri').addEventListener('click', () => appKit.prefetchWalletConnectUri().catch(showError))

  // The handle has no account subscription of its own: the state's changes, and a light poll.
  const showAccount = () => {
    const address = appKit.getAddress()
    byTestId('account-status').textContent = appKit.getIsConnectedState() ? 'connected' : 'disconnected'
    byTestId('account-address').textContent = address ?? ''
  }
  appKit.subscribeState(showAccount)
  setInterval(showAccount, 250)
}

try {
  start()
} catch (error) {
  showError(error)
  throw error
}
