// The WalletConnect test wallet page (demo/walletconnect-wallet.html): paste a dapp's `wc:` URI,
// see the proposal (dapp, namespaces) or the sign-in request (one-click auth: domain, statement,
// chains), approve or reject it, then approve or reject each request.
// Same wallet as the Node helper (wallet.js); here a person decides.
//
// Bundled by build.mjs into dist/demo/walletconnect-wallet.js. Options in the page's URL:
//   ?uri=wc:…          pair at once (what a QR scan or a deep link does)
//   ?relay=ws://…      another relay than the sandbox's
//   ?auto=1            approve every request without asking
// Sessions persist in IndexedDB (storage prefix `sigkit-wc-wallet`) across reloads.
import { testEnvironment } from './browser-env.js' // first: sets process.env.IS_VITEST before the clients load
import { SOLANA_MAINNET, base58Decode } from './signers.js'
import { createWalletConnectWalletCore } from './wallet.js'

/** PKCS#8 DER prefix of an ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]

/** ed25519 with WebCrypto (Chromium 137+, Firefox 129+, Safari 17+; secure contexts, 127.0.0.1 is one). */
async function signEd25519(seed, bytes) {
  if (!globalThis.crypto?.subtle)
    throw Object.assign(new Error('WebCrypto is not available here (not a secure context?)'), { code: -32603 })
  const key = await crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array([...ED25519_PKCS8_PREFIX, ...seed]),
    { name: 'Ed25519' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, bytes))
}

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id))
const params = new URLSearchParams(location.search)
const config = /** @type {any} */ (window).__SIGKIT_SANDBOX__ ?? null

/** @param {string} tag @param {Record<string, any>} [props] @param {(Node | string | null | undefined | false)[]} [children] */
function h(tag, props = {}, children = []) {
  const element = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (key.startsWith('on')) element.addEventListener(key.slice(2).toLowerCase(), value)
    else if (key === 'text') element.textContent = value
    else element.setAttribute(key, value === true ? '' : String(value))
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child)
  return element
}

function setStatus(text, state = '') {
  const status = $('status')
  status.textContent = text
  status.dataset.state = state
}

/** The sandbox's EVM chains (with names) and, if it has one, its local Solana chain. */
function sandboxChains() {
  const chains = Array.isArray(config?.chains) ? config.chains : []
  const evm = chains.filter(
    (chain) =>
      Number.isInteger(chain.chainId) && chain.rpcUrl && !String(chain.caipNetworkId ?? '').startsWith('solana:'),
  )
  const solana = [
    ...chains
      .filter((chain) => String(chain.caipNetworkId ?? '').startsWith('solana:'))
      .map((chain) => chain.caipNetworkId),
    ...(typeof config?.solana?.caipNetworkId === 'string' ? [config.solana.caipNetworkId] : []),
  ]
  return { evm, solana: solana.length ? solana : [SOLANA_MAINNET] }
}

const chainNames = new Map()

function chainLabel(caip) {
  return chainNames.get(caip) ? `${chainNames.get(caip)} (${caip})` : caip
}

// ── decisions ──────────────────────────────────────────────────────────────────────────────

/** Requests waiting for a click: id → { request, resolve } */
const pendingRequests = new Map()
/** Proposals waiting for a click, oldest first. */
const pendingProposals = []
/** Sign-in (one-click auth) requests waiting for a click, oldest first. */
const pendingAuthRequests = []

function autoApprove() {
  return /** @type {HTMLInputElement} */ ($('auto-approve')).checked
}

/** @param {import('./wallet.js').WalletRequest} request */
function askAboutRequest(request) {
  if (autoApprove()) return true
  return new Promise((resolve) => {
    pendingRequests.set(request.id, { request, resolve })
    renderRequests()
  })
}

function decideRequest(id, approved) {
  const pending = pendingRequests.get(id)
  if (!pending) return
  pendingRequests.delete(id)
  pending.resolve(approved)
  renderRequests()
}

// ── rendering ──────────────────────────────────────────────────────────────────────────────

function peerView(metadata = {}) {
  const icon = metadata.icons?.find((url) => /^https?:|^data:image\//.test(url))
  return h('div', { class: 'peer' }, [
    icon ? h('img', { src: icon, alt: '' }) : null,
    h('div', {}, [
      h('strong', { text: metadata.name || 'Unnamed dapp' }),
      h('div', { class: 'muted mono', text: metadata.url || '' }),
    ]),
  ])
}

function namespaceTable(requested) {
  const rows = Object.entries(requested).map(([namespace, entry]) =>
    h('tr', {}, [
      h('td', {}, [
        h('strong', { text: namespace }),
        ' ',
        h('span', { class: 'tag', text: entry.required ? 'required' : 'optional' }),
      ]),
      h('td', { text: entry.chains.map(chainLabel).join(', ') || '(no chains)' }),
      h('td', { class: 'mono', text: entry.methods.join(', ') || '—' }),
      h('td', { class: 'mono', text: entry.events.join(', ') || '—' }),
    ]),
  )
  return h('table', {}, [
    h('thead', {}, [
      h(
        'tr',
        {},
        ['Namespace', 'Chains', 'Methods', 'Events'].map((text) => h('th', { text })),
      ),
    ]),
    h('tbody', {}, rows),
  ])
}

function renderProposals() {
  const section = $('proposals')
  section.replaceChildren()
  if (pendingProposals.length === 0) return
  section.append(h('h2', { text: 'Connection request' }))
  for (const proposal of pendingProposals) {
    const plan = wallet.planApproval(proposal)
    section.append(
      h('div', { class: 'card', 'data-proposal-id': proposal.id }, [
        peerView(proposal.proposer?.metadata),
        proposal.proposer?.metadata?.description
          ? h('p', { class: 'muted', text: proposal.proposer.metadata.description })
          : null,
        h('h3', { text: 'The dapp asks for' }),
        namespaceTable(proposal.requested),
        h('h3', { text: 'Approving shares' }),
        plan.error
          ? h('p', {
              class: 'status',
              'data-state': 'error',
              text: `Nothing this wallet can approve: ${plan.error.message} (${plan.detail}). Reject it.`,
            })
          : h('pre', {
              text: Object.entries(plan.namespaces)
                .map(([namespace, value]) => `${namespace}: ${value.accounts.join('\n    ')}`)
                .join('\n'),
            }),
        h('div', { class: 'row' }, [
          h('button', {
            type: 'button',
            class: 'primary',
            disabled: Boolean(plan.error),
            onclick: () => decideProposal(proposal, true),
            text: 'Approve',
          }),
          h('button', {
            type: 'button',
            class: 'danger',
            onclick: () => decideProposal(proposal, false),
            text: 'Reject',
          }),
        ]),
      ]),
    )
  }
  section.querySelector('button.primary:not([disabled])')?.focus()
}

async function decideProposal(proposal, approved) {
  const index = pendingProposals.indexOf(proposal)
  if (index >= 0) pendingProposals.splice(index, 1)
  renderProposals()
  const name = proposal.proposer?.metadata?.name || 'the dapp'
  try {
    if (approved) {
      await wallet.approveSession(proposal)
      setStatus(`Connected to ${name}.`, 'ok')
    } else {
      await wallet.rejectSession(proposal)
      setStatus(`Rejected ${name}'s connection request.`)
    }
  } catch (error) {
    setStatus(`Could not answer ${name}: ${error.message}`, 'error')
  }
  renderSessions()
}

function renderAuthRequests() {
  const section = $('auth-requests')
  section.replaceChildren()
  if (pendingAuthRequests.length === 0) return
  section.append(h('h2', { text: 'Sign-in request' }))
  for (const request of pendingAuthRequests) {
    const { authPayload: payload, requester } = request
    const plan = wallet.planAuthApproval(request)
    const titleId = `auth-request-${request.id}`
    section.append(
      h('div', { class: 'card', 'data-auth-request-id': request.id, role: 'group', 'aria-labelledby': titleId }, [
        h('div', { id: titleId }, [peerView(requester?.metadata)]),
        requester?.metadata?.description ? h('p', { class: 'muted', text: requester.metadata.description }) : null,
        h('h3', { text: 'The dapp asks you to sign in' }),
        h('dl', {}, [
          h('dt', { text: 'Domain' }),
          h('dd', { class: 'mono', text: payload.domain }),
          h('dt', { text: 'URI' }),
          h('dd', { class: 'mono', text: payload.aud }),
          h('dt', { text: 'Statement' }),
          h('dd', { text: payload.statement || '(none)' }),
          h('dt', { text: 'Chains' }),
          h('dd', { text: (payload.chains ?? []).map(chainLabel).join(', ') || '(no chains)' }),
        ]),
        // What a wallet must show before signing: the message itself (SIWE text, with the ReCap
        // statement the SDK appends), here for the first chain; the others differ in the chain id.
        h('h3', { text: plan.error ? 'Signing' : `Signing in on ${plan.chains.map(chainLabel).join(', ')}` }),
        plan.error
          ? h('p', {
              class: 'status',
              'data-state': 'error',
              text: `Nothing this wallet can sign: ${plan.error.message} (${plan.detail}). Reject it.`,
            })
          : h('pre', { text: authMessagePreview(plan) }),
        !plan.error && plan.chains.length > 1
          ? h('p', { class: 'muted', text: `One message per chain: the others differ only in their Chain ID.` })
          : null,
        h('div', { class: 'row' }, [
          h('button', {
            type: 'button',
            class: 'primary',
            disabled: Boolean(plan.error),
            onclick: () => decideAuthRequest(request, true),
            text: 'Sign in',
          }),
          h('button', {
            type: 'button',
            class: 'danger',
            onclick: () => decideAuthRequest(request, false),
            text: 'Reject',
          }),
        ]),
      ]),
    )
  }
  section.querySelector('button.primary:not([disabled])')?.focus()
}

function authMessagePreview(plan) {
  try {
    return wallet.kit.formatAuthMessage({
      request: plan.payload,
      iss: `did:pkh:${plan.chains[0]}:${wallet.evmAddress}`,
    })
  } catch (error) {
    return `(the message cannot be formatted: ${error.message})`
  }
}

async function decideAuthRequest(request, approved) {
  const index = pendingAuthRequests.indexOf(request)
  if (index >= 0) pendingAuthRequests.splice(index, 1)
  renderAuthRequests()
  const name = request.requester?.metadata?.name || 'the dapp'
  try {
    if (approved) {
      const { auths } = await wallet.approveAuthRequest(request)
      setStatus(`Signed in to ${name} (${auths.length === 1 ? 'one chain' : `${auths.length} chains`}).`, 'ok')
    } else {
      await wallet.rejectAuthRequest(request)
      setStatus(`Rejected ${name}'s sign-in request.`)
    }
  } catch (error) {
    setStatus(`Could not answer ${name}: ${error.message}`, 'error')
  }
  renderSessions()
}

/** A readable summary of what a request asks. */
function describeRequest({ method, params }) {
  try {
    if (method === 'personal_sign') {
      const [message] = params
      const text = /^0x[0-9a-f]*$/i.test(message)
        ? new TextDecoder('utf-8', { fatal: false }).decode(hexBytes(message))
        : message
      return `Sign this message:\n\n${text}`
    }
    if (method === 'solana_signMessage')
      return `Sign this message (Solana):\n\n${new TextDecoder().decode(base58Decode(params.message))}`
    if (method === 'signMessage') return `Sign this message (Bitcoin):\n\n${params.message}`
    if (method === 'wallet_switchEthereumChain') return `Switch to ${chainLabel(`eip155:${Number(params[0].chainId)}`)}`
  } catch {
    // fall through to the raw parameters
  }
  return JSON.stringify(params, null, 2)
}

function hexBytes(hex) {
  const clean = hex.slice(2)
  return Uint8Array.from({ length: clean.length / 2 }, (_, i) => parseInt(clean.slice(i * 2, i * 2 + 2), 16))
}

function renderRequests() {
  const section = $('requests')
  section.replaceChildren()
  if (pendingRequests.size === 0) return
  section.append(h('h2', { text: `Waiting for you (${pendingRequests.size})` }))
  for (const { request } of pendingRequests.values()) {
    section.append(
      h('div', { class: 'card', 'data-request-id': request.id }, [
        peerView(request.peer),
        h('p', {}, [h('strong', { class: 'mono', text: request.method }), ' on ', chainLabel(request.chainId)]),
        h('pre', { text: describeRequest(request) }),
        h('div', { class: 'row' }, [
          h('button', {
            type: 'button',
            class: 'primary',
            onclick: () => decideRequest(request.id, true),
            text: 'Approve',
          }),
          h('button', {
            type: 'button',
            class: 'danger',
            onclick: () => decideRequest(request.id, false),
            text: 'Reject',
          }),
        ]),
      ]),
    )
  }
  section.querySelector('button.primary')?.focus()
}

function renderSessions() {
  const list = $('sessions')
  const sessions = wallet.sessions()
  if (sessions.length === 0) {
    list.replaceChildren(h('p', { class: 'muted', text: 'None yet.' }))
    return
  }
  list.replaceChildren(
    ...sessions.map((session) => {
      const evmChains = session.namespaces.eip155?.chains ?? []
      const current = wallet.currentChain(session.topic)
      return h('div', { class: 'card', 'data-session-topic': session.topic }, [
        peerView(session.peer?.metadata),
        h('pre', {
          text: Object.entries(session.namespaces)
            .map(([namespace, value]) => `${namespace}: ${value.accounts.join('\n    ')}`)
            .join('\n'),
        }),
        current ? h('p', { text: `EVM chain: ${chainLabel(current)}` }) : null,
        h('p', { class: 'muted', text: `Expires ${new Date(session.expiry * 1000).toLocaleString()}` }),
        h('div', { class: 'row' }, [
          ...[...new Set([...evmChains, ...[...wallet.supportedEvmChains()]])]
            .filter((chain) => chain !== current)
            .map((chain) =>
              h('button', {
                type: 'button',
                onclick: () =>
                  wallet
                    .emitChainChanged(chain, { topic: session.topic })
                    .then(renderSessions, (error) => setStatus(`Switch failed: ${error.message}`, 'error')),
                text: `Switch to ${chainNames.get(chain) ?? chain}`,
              }),
            ),
          h('button', {
            type: 'button',
            class: 'danger',
            onclick: () =>
              wallet
                .disconnect(session.topic)
                .then(renderSessions, (error) => setStatus(`Disconnect failed: ${error.message}`, 'error')),
            text: 'Disconnect',
          }),
        ]),
      ])
    }),
  )
}

function renderHistory() {
  const handled = wallet.requests().slice(-20).reverse()
  if (handled.length === 0) return
  $('history').replaceChildren(
    h('table', {}, [
      h('thead', {}, [
        h(
          'tr',
          {},
          ['Time', 'Method', 'Chain', 'Outcome'].map((text) => h('th', { text })),
        ),
      ]),
      h(
        'tbody',
        {},
        handled.map((record) =>
          h('tr', {}, [
            h('td', { text: new Date(record.at).toLocaleTimeString() }),
            h('td', { class: 'mono', text: record.method }),
            h('td', { text: chainLabel(record.chainId) }),
            h('td', {
              class: 'mono',
              text: record.error
                ? `${record.outcome}: ${record.error.code} ${record.error.message}`
                : `${record.outcome}: ${shorten(JSON.stringify(record.result))}`,
            }),
          ]),
        ),
      ),
    ]),
  )
}

const shorten = (text = '') => (text.length > 90 ? `${text.slice(0, 60)}…${text.slice(-20)}` : text)

// ── start ──────────────────────────────────────────────────────────────────────────────────

const relayUrl = params.get('relay') || config?.relayUrl
if (params.get('auto') === '1') /** @type {HTMLInputElement} */ ($('auto-approve')).checked = true

/** @type {Awaited<ReturnType<typeof startWallet>>} */
let wallet

async function startWallet() {
  const { evm, solana } = sandboxChains()
  for (const chain of evm) chainNames.set(`eip155:${chain.chainId}`, chain.name)
  const walletCore = await createWalletConnectWalletCore({
    relayUrl,
    projectId: 'sigkit-sandbox',
    metadata: {
      name: 'SigKit WalletConnect Test Wallet',
      description: 'The sandbox WalletConnect wallet (test keys only)',
      url: location.origin,
      icons: [],
    },
    evm: {
      rpcUrls: Object.fromEntries(evm.map((chain) => [chain.chainId, chain.rpcUrl])),
      ...(config?.walletAssets ? { assets: config.walletAssets } : {}),
    },
    solana: { chains: solana, signEd25519 },
    approve: askAboutRequest,
    // Every request shows up at once (the page lists them all) instead of one per second.
    signConfig: { disableRequestQueue: true },
    core: { customStoragePrefix: 'sigkit-wc-wallet' },
  })
  return { ...walletCore, supportedEvmChains: () => evm.map((chain) => `eip155:${chain.chainId}`) }
}

function renderAccounts() {
  const accounts = wallet.accounts()
  const rows = [
    ['EVM', wallet.evmAddress, accounts.eip155],
    ['Solana', wallet.solanaAddress, accounts.solana],
    ['Bitcoin', wallet.bitcoinAddress, accounts.bip122],
  ].map(([name, address, caip10]) => [
    name,
    address,
    caip10.length
      ? `on ${caip10.map((account) => chainLabel(account.split(':').slice(0, 2).join(':'))).join(', ')}`
      : 'no chains (no sandbox)',
  ])
  $('accounts').replaceChildren(
    ...rows.flatMap(([name, address, where]) => [
      h('dt', { text: name }),
      h('dd', {}, [h('span', { class: 'mono', text: address }), h('div', { class: 'muted', text: where })]),
    ]),
  )
}

async function pair(uri) {
  const trimmed = uri.trim()
  if (!trimmed.startsWith('wc:')) {
    setStatus('That is not a WalletConnect URI: it starts with "wc:".', 'error')
    return
  }
  setStatus('Pairing… the connection or sign-in request shows up below.')
  try {
    await wallet.pair(trimmed)
    const field = /** @type {HTMLTextAreaElement} */ ($('uri'))
    field.value = ''
  } catch (error) {
    setStatus(`Could not pair: ${error.message}`, 'error')
  }
}

if (!testEnvironment) console.warn('IS_VITEST is not set: each request waits on the Verify service')

if (!relayUrl) {
  setStatus(
    'No relay: start the demo with `npm run demo` (not --static), or add ?relay=ws://127.0.0.1:PORT to this page’s URL.',
    'error',
  )
} else {
  try {
    wallet = await startWallet()
    setStatus(`Ready. Relay ${relayUrl}`, 'ok')
    renderAccounts()
    renderSessions()
    wallet.on('proposal', (proposal) => {
      pendingProposals.push(proposal)
      setStatus(`${proposal.proposer?.metadata?.name || 'A dapp'} asks to connect.`)
      renderProposals()
    })
    wallet.on('proposal_expire', ({ id }) => {
      const index = pendingProposals.findIndex((proposal) => proposal.id === id)
      if (index >= 0) pendingProposals.splice(index, 1)
      renderProposals()
    })
    wallet.on('auth_request', (request) => {
      pendingAuthRequests.push(request)
      setStatus(`${request.requester?.metadata?.name || 'A dapp'} asks you to sign in.`)
      renderAuthRequests()
    })
    wallet.on('auth_request_expire', ({ id }) => {
      const index = pendingAuthRequests.findIndex((request) => request.id === id)
      if (index >= 0) pendingAuthRequests.splice(index, 1)
      renderAuthRequests()
    })
    wallet.on('sessions', renderSessions)
    wallet.on('chainChanged', renderSessions)
    wallet.on('handled', renderHistory)
    wallet.on('session_delete', () => setStatus('The dapp disconnected a session.'))
    $('pair-form').addEventListener('submit', (event) => {
      event.preventDefault()
      pair(/** @type {HTMLTextAreaElement} */ ($('uri')).value)
    })
    const initialUri = params.get('uri')
    if (initialUri) await pair(initialUri)
    // For scripts and e2e tests.
    Object.assign(window, { sigkitWalletConnectWallet: wallet })
  } catch (error) {
    console.error(error)
    setStatus(`The wallet did not start: ${error.message}`, 'error')
  }
}
