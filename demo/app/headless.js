// The headless demo page (demo/headless.html): a connect screen of its own over SigKit's headless
// API (AppKit's names), on the CDN build. `preloadOnIdle: false` and no <appkit-button>: nothing of
// the modal loads (tests/e2e/headless.spec.mjs checks the network log). The QR code comes from
// sigkit/qr (dist/cdn/qr.js), imported when the first pairing URI arrives; the connections list
// from the AppKit object's several-wallets methods.
import { createAppKit } from '/cdn/sigkit.js'
import { sandboxOptions } from '/app/sandbox-options.js'

const byId = (id) => document.getElementById(id)
const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`)

/** An image address from outside data (wallet API, wallet announcements), or undefined: http(s) and data images only. */
function imageSource(url) {
  return typeof url === 'string' && /^(https?:\/\/|data:image\/)/i.test(url) ? url : undefined
}

/** A logo for `url` when its scheme is allowed (decorative: the name beside it says who it is). */
function logo(url) {
  const source = imageSource(url)
  if (!source) return []
  const image = document.createElement('img')
  image.src = source
  image.alt = ''
  return [image]
}

/** A wallet as a grid cell: its logo and name, a button that connects it. Outside text as text. */
function walletCell(appKit, wallet) {
  const item = document.createElement('li')
  const button = document.createElement('button')
  button.type = 'button'
  button.append(...logo(wallet.imageUrl), wallet.isInjected ? `${wallet.name} (installed)` : wallet.name)
  button.addEventListener('click', () => appKit.connectWallet(wallet).catch(showError))
  item.append(button)
  return item
}

function showError(error) {
  const output = byId('error')
  output.hidden = false
  output.textContent = String(error?.message ?? error)
}

const shortAddress = (address) => `${address.slice(0, 6)}…${address.slice(-4)}`

function button(label, onClick) {
  const element = document.createElement('button')
  element.type = 'button'
  element.textContent = label
  element.addEventListener('click', onClick)
  return element
}

/**
 * A connection as a list row: logo, wallet name, short address, chain, "Active" on the first (the
 * active one, as getConnections lists it), and buttons that switch to it and disconnect it.
 */
function connectionRow(appKit, connection, active) {
  const item = document.createElement('li')
  const name = connection.name || connection.connectorId
  const address = connection.accounts[0]?.address ?? ''
  const chain = connection.caipNetwork?.name ?? (connection.chainId === undefined ? '' : `chain ${connection.chainId}`)
  const title = document.createElement('strong')
  title.textContent = name
  const details = document.createElement('span')
  details.textContent = [address && shortAddress(address), chain].filter(Boolean).join(' on ')
  details.title = address
  item.append(...logo(connection.icon), title, details)
  const act = (action) => () => action().catch(showError)
  if (active) {
    item.dataset.active = ''
    const mark = document.createElement('span')
    mark.className = 'active'
    mark.textContent = 'Active'
    item.append(mark)
  } else {
    item.append(
      button(
        `Switch to ${name}`,
        act(() => appKit.switchConnection({ connection })),
      ),
    )
  }
  item.append(
    button(
      `Disconnect ${name}`,
      act(() => appKit.deleteConnection({ connectorId: connection.connectorId })),
    ),
  )
  return item
}

/** The connections list, redrawn only when it changed (a redraw would move the focus). */
function connectionsDrawer(appKit) {
  let drawn
  return (connections) => {
    const key = JSON.stringify(
      connections.map(({ connectorId, accounts, chainId, name, icon }) => [connectorId, accounts, chainId, name, icon]),
    )
    if (key === drawn) return
    drawn = key
    byTestId('connections').replaceChildren(
      ...connections.map((connection, index) => connectionRow(appKit, connection, index === 0)),
    )
    byTestId('connections-empty').hidden = connections.length > 0
  }
}

/** Draws `uri` as a QR code with sigkit/qr (loaded with the first URI), or hides it. */
async function drawQr(appKit, uri) {
  const frame = document.querySelector('.qr')
  if (!uri) {
    frame.hidden = true
    return
  }
  const { encodeQrCode } = await import('/cdn/qr.js')
  // Another URI (or none) arrived while the encoder loaded: that one is drawn instead.
  if (appKit.getWalletConnectUri().wcUri !== uri) return
  const { size, path } = encodeQrCode(uri)
  const svg = byTestId('wc-qr')
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`)
  svg.querySelector('path').setAttribute('d', path)
  frame.hidden = false
}

const toHex = (text) =>
  `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** personal_sign through the dapp's provider (the active connection's wallet), as the active account. */
async function signMessage(appKit) {
  const result = byTestId('sign-result')
  result.textContent = ''
  const provider = await appKit.getProvider('eip155')
  const address = appKit.getAddress('eip155')
  if (!provider || !address) throw new Error('Connect a wallet first.')
  const signature = await provider.request({ method: 'personal_sign', params: [toHex(byId('message').value), address] })
  // The wallet's reply is outside data: a hex signature or an error.
  if (typeof signature !== 'string' || !/^0x[0-9a-f]+$/i.test(signature))
    throw new Error('The wallet answered something that is not a signature.')
  result.dataset.signature = signature
  result.dataset.address = address
  result.textContent = `Signed by ${shortAddress(address)}: ${signature}`
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
    byId('copy-uri').disabled = !wcUri
    byTestId('copy-status').textContent = ''
    drawQr(appKit, wcUri).catch(showError)
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
  byId('hide-uri').addEventListener('click', () => appKit.resetWalletConnectUri())
  byId('copy-uri').addEventListener('click', () => {
    const { wcUri } = appKit.getWalletConnectUri()
    if (!wcUri) return
    navigator.clipboard.writeText(wcUri).then(
      () => (byTestId('copy-status').textContent = 'Copied'),
      () => (byTestId('copy-status').textContent = 'Copy failed: select the text above'),
    )
  })
  byId('sign').addEventListener('click', () => signMessage(appKit).catch(showError))

  // The account and the connections list follow the connections (connected, switched,
  // disconnected); the page says when the active account changes (a switch, the wallet's own change).
  const drawConnections = connectionsDrawer(appKit)
  let shownAddress
  appKit.subscribeConnections(({ connections }) => {
    const address = appKit.getAddress()
    byTestId('account-status').textContent = appKit.getIsConnectedState() ? 'connected' : 'disconnected'
    byTestId('account-address').textContent = address ?? ''
    if (address && shownAddress && address !== shownAddress)
      byTestId('account-changed').textContent = `Account changed to ${address}`
    shownAddress = address
    drawConnections(appKit.getIsConnectedState() ? connections : [])
  })
}

try {
  start()
} catch (error) {
  showError(error)
  throw error
}
