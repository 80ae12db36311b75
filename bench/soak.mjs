// Soak (issue 31, point 6): two minutes of a dapp signing and reading balances against the whole
// sandbox (anvil, the API emulator, the WalletConnect relay) while faults are injected, beside a
// baseline run of the same page for the same time with the faults off.
//
//   npm run bench:soak                            six runs of 120 s each (three wallets × faults, baseline)
//   npm run bench -- --only=soak --duration=20    shorter, while developing
//
// The page (bench/pages/soak.tsx, React build) connects a wallet through the modal (see Wallets
// below), then the dapp keeps asking, one request every REQUEST_INTERVAL_MS in turn: `personal_sign` and `eth_getBalance` through the provider SigKit
// hands out (useAppKitProvider), and useAppKitBalance's fetchBalance (SigKit's balance read: the
// balance API, then the chain's RPC). The wallet's RPC and SigKit's both go through the API
// emulator's `rpc` route, so they share its faults. Each request is tracked with a deadline
// (SETTLE_DEADLINE_MS): it settles by resolving or by rejecting with an EIP-1193 error code; one
// still open at its deadline counts as hung. `unhandledrejection` and `pageerror` are counted.
//
// Faults, in the faults run only, once connected:
//   - 20 % of every API emulator route's requests fail with HTTP 500 (the sandbox's `rate` fault,
//     demo/sandbox/api-faults.mjs), the `rpc` route (the chain's JSON-RPC) and `balance` among them;
//   - the WalletConnect relay drops every client socket every 10 s (`relay.dropAll()`).
//   - the embedded wallet's secure frame reloads once, half-way through (its page reloads itself,
//     `location.reload()` inside the frame: what a crashed frame reloaded or the secure site
//     navigating its own page looks like to the dapp: the same iframe and window, a new page that
//     knows nothing of the old one's requests, the login kept in the frame's storage; the dapp is
//     told nothing but the iframe's `load` and a new READY).
// In both runs the wallet's ETH balance is set on anvil every 15 s (anvil_setBalance), so the
// balance SigKit shows has something to follow. At the end the faults are cleared, the dapp reads
// the balance once more, and the balance SigKit shows must equal anvil's (read with viem here).
// Every signature the dapp got is checked against the account (viem's verifyMessage).
//
// Wallets: the injected test wallet, the WalletConnect test wallet (demo/walletconnect-wallet,
// WalletKit in this process, paired by scanning the modal's QR code), whose session the relay
// drops cut, and the embedded wallet (email login through the modal with the code from the
// sandbox's mailbox; the frame's approval screen answered by an approver in this process that
// presses Approve in the frame, as the visitor would, since personal_sign needs approval there):
// each has a faults run and a baseline run. The embedded wallet's own RPC is the frame's, which
// reaches the chain directly, so its faults are SigKit's balance reads and the frame reload.
import { createPublicClient, formatEther, http, parseEther, verifyMessage } from 'viem'
import { foundry } from 'viem/chains'
import { startSandbox } from '../demo/sandbox/index.mjs'
import { ROUTE_NAMES } from '../demo/sandbox/api-faults.mjs'
import { createWalletConnectWallet } from '../demo/walletconnect-wallet/node.mjs'
import { decodeQr } from '../tests/e2e/helpers.mjs'
import { testWalletScript } from './leaks.mjs'
import { closePage, newPage } from './modal.mjs'

export const DEFAULT_DURATION_S = 120
const REQUEST_INTERVAL_MS = 300
const SETTLE_DEADLINE_MS = 30_000
const RELAY_DROP_EVERY_MS = 10_000
const SET_BALANCE_EVERY_MS = 15_000
const FAULT_RATE = 0.2
/** How often the approver looks at the secure frame's screen for a request to approve. */
const APPROVE_EVERY_MS = 100
/** The wallets the dapp signs with, one pair of runs (faults, baseline) each. */
export const WALLETS = ['injected', 'walletconnect', 'embedded']

/**
 * In the page, installed before any script: counts unhandled rejections (with their reason).
 */
const WATCH_REJECTIONS = `
window.__soakUnhandled = []
window.addEventListener('unhandledrejection', (event) => {
  window.__soakUnhandled.push(String(event.reason?.stack ?? event.reason))
})
`

/**
 * In the page: opens the modal and picks the entry named `entryName` ('SigKit Test Wallet', or
 * 'WalletConnect', whose QR code the runner then scans), as a visitor does.
 */
async function pickWallet(entryName) {
  const until = (what, check, timeout = 30_000) =>
    new Promise((resolve, reject) => {
      const started = performance.now()
      const poll = () => {
        const value = check()
        if (value) return resolve(value)
        if (performance.now() - started > timeout) return reject(new Error(`soak: ${what} timed out`))
        setTimeout(poll, 20)
      }
      poll()
    })
  const dialog = () => document.querySelector('sigkit-modal')?.shadowRoot?.querySelector('[role="dialog"]')
  void window.soak.appKit.open()
  const entry = await until(`${entryName} entry`, () =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.includes(entryName)),
  )
  entry.click()
  if (entryName === 'WalletConnect')
    await until('QR code', () => dialog()?.querySelector('svg[role="img"][aria-label^="QR code"]'))
}

/**
 * Signs in to the embedded wallet as a visitor does: the modal's email field, Continue, then the
 * code the sandbox mailed (its mailbox route), typed into the six boxes.
 */
async function emailLogin(page, sandbox, email) {
  await page.evaluate(() => void window.soak.appKit.open())
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const mailbox = `${sandbox.secureFrameUrl}/__sandbox/mailbox?email=${encodeURIComponent(email)}`
  let code
  for (let tries = 0; !code && tries < 100; tries++) {
    code = (await (await fetch(mailbox)).json()).mails[0]?.code
    if (!code) await new Promise((done) => setTimeout(done, 100))
  }
  if (!code) throw new Error(`soak: no code mailed to ${email}`)
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.keyboard.type(code)
}

/**
 * The visitor at the secure frame: presses Approve on each request its screen shows, until
 * `stop()`. The click is the button's own (in the frame's page, on the frame's origin); the frame
 * object outlives the frame's reload.
 */
function startApprover(page) {
  let running = true
  let paused = false
  let approved = 0
  const done = (async () => {
    while (running) {
      if (paused) {
        await new Promise((resolve) => setTimeout(resolve, APPROVE_EVERY_MS))
        continue
      }
      const frame = page.frame({ name: 'w3m-secure-iframe' })
      const clicked = await frame
        ?.evaluate(() => {
          const button = [...document.querySelectorAll('button')].find((item) => item.textContent === 'Approve')
          button?.click()
          return Boolean(button)
        })
        .catch(() => false)
      if (clicked) approved++
      await new Promise((resolve) => setTimeout(resolve, APPROVE_EVERY_MS))
    }
  })()
  return {
    approved: () => approved,
    /** Holds the clicks (a request waits on the frame's screen meanwhile), or lets them go on. */
    pause: (value) => {
      paused = value
    },
    stop: async () => {
      running = false
      await done
    },
  }
}

/** In the page: waits until the dapp has SigKit's provider, the address and a balance, then closes the modal. */
async function untilConnected() {
  const started = performance.now()
  while (!(window.soak.provider && window.soak.address && window.soak.balance)) {
    if (performance.now() - started > 30_000) throw new Error('soak: connected, provider and balance timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  window.soak.appKit.close()
}

/**
 * In the page: starts the dapp's load, one request every `intervalMs` in turn (personal_sign,
 * eth_getBalance, fetchBalance), each recorded in `window.__soak.requests` with its start, end
 * and outcome. Returns at once; `window.__soak.stop()` stops starting new ones.
 */
function startLoad({ intervalMs }) {
  const requests = []
  const kinds = ['personal_sign', 'eth_getBalance', 'fetchBalance']
  let turn = 0
  const hex = (text) =>
    `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
  const ask = (kind, n) => {
    const { provider, address, fetchBalance } = window.soak
    if (kind === 'personal_sign')
      return provider.request({ method: 'personal_sign', params: [hex(`SigKit soak #${n}`), address] })
    if (kind === 'eth_getBalance') return provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })
    // fetchBalance resolves with { isError } rather than rejecting: an error it reports is counted apart.
    return fetchBalance().then((result) => {
      if (result.isError) throw Object.assign(new Error(result.error), { reported: true })
      return result
    })
  }
  const timer = setInterval(() => {
    const kind = kinds[turn++ % kinds.length]
    const entry = { kind, n: turn, start: performance.now(), end: undefined, outcome: undefined, signature: undefined }
    requests.push(entry)
    let pending
    try {
      pending = Promise.resolve(ask(kind, turn))
    } catch (error) {
      pending = Promise.reject(error)
    }
    pending.then(
      (value) => {
        entry.end = performance.now()
        entry.outcome = 'resolved'
        if (kind === 'personal_sign') entry.signature = value
      },
      (error) => {
        entry.end = performance.now()
        entry.outcome = error?.reported
          ? 'reported'
          : Number.isInteger(error?.code)
            ? `code ${error.code}`
            : `uncoded: ${String(error?.message ?? error).slice(0, 120)}`
      },
    )
  }, intervalMs)
  window.__soak = { requests, stop: () => clearInterval(timer) }
}

/**
 * Every signature the dapp got, checked against the account (ecrecover: the test wallets and the
 * embedded wallet's EOA); `after` (the page's clock), those of requests started after it.
 */
async function checkSignatures(records, address, after = Infinity) {
  const signed = records.filter((record) => record.kind === 'personal_sign' && record.outcome === 'resolved')
  let verified = 0
  let verifiedAfter = 0
  for (const record of signed) {
    const good = await verifyMessage({
      address,
      message: `SigKit soak #${record.n}`,
      signature: record.signature,
    }).catch(() => false)
    if (good) verified++
    if (good && record.start >= after) verifiedAfter++
  }
  return { signed: signed.length, verified, afterReload: Number.isFinite(after) ? verifiedAfter : undefined }
}

/**
 * The requests in flight while the frame reloaded (started before the reload, settled after it or
 * never), by outcome.
 */
function inFlightAt(records, at) {
  const caught = records.filter((record) => record.start < at && (record.end === undefined || record.end >= at))
  const outcomes = {}
  for (const record of caught) {
    const outcome = record.outcome ?? 'unsettled'
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }
  return { count: caught.length, outcomes }
}

/** The run's counts from the page's request records (`now`: the page's clock at the end). */
function summarise(records, now, deadlineMs) {
  const settled = records.filter((record) => record.outcome !== undefined)
  const hung = records.filter((record) => record.outcome === undefined && now - record.start >= deadlineMs)
  const late = settled.filter((record) => record.end - record.start > deadlineMs)
  const latencies = settled.map((record) => record.end - record.start).sort((a, b) => a - b)
  const byOutcome = {}
  for (const record of settled) byOutcome[record.outcome] = (byOutcome[record.outcome] ?? 0) + 1
  const byKind = {}
  for (const record of records) byKind[record.kind] = (byKind[record.kind] ?? 0) + 1
  const hungKinds = {}
  for (const record of [...hung, ...late]) hungKinds[record.kind] = (hungKinds[record.kind] ?? 0) + 1
  return {
    requests: records.length,
    hungKinds,
    byKind,
    resolved: byOutcome.resolved ?? 0,
    reported: byOutcome.reported ?? 0,
    rejected: Object.fromEntries(Object.entries(byOutcome).filter(([outcome]) => outcome.startsWith('code '))),
    uncoded: Object.fromEntries(Object.entries(byOutcome).filter(([outcome]) => outcome.startsWith('uncoded'))),
    hung: hung.length + late.length,
    maxMs: latencies.at(-1) ?? NaN,
    p95Ms: latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)] : NaN,
  }
}

/**
 * One run of `durationS` seconds on a fresh page, with the faults on or off, connected through
 * `wallet`: 'injected' (the test wallet in the page) or 'walletconnect' (the WalletConnect test
 * wallet, WalletKit in this process, paired through the sandbox's relay by scanning the QR code),
 * both signing with anvil's account #0; or 'embedded' (email login, the account the secure frame
 * makes for a new email, an EOA in this sandbox), whose frame reloads once half-way with faults.
 */
async function soakRun(context, sandbox, { wallet, faults, durationS }) {
  const { server, log } = context
  const api = sandbox.apiUrl
  const chain = sandbox.chains.find((item) => item.chainId === 31337)
  const anvil = createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) })
  // The embedded wallet's account is known once signed in.
  let address = sandbox.accounts.wallet
  const setBalance = (ether) =>
    fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [address, `0x${parseEther(ether).toString(16)}`],
      }),
    }).then((response) => response.json())

  // The wallet's RPC goes through the emulator's `rpc` route (and its faults), as SigKit's does.
  const walletRpc = `${api}/v1/?chainId=eip155:31337`
  const { context: browserContext, page, errors } = await newPage(context, { cpu: 1 })
  let walletConnect
  if (wallet === 'injected') {
    const walletSandbox = {
      ...sandbox.sandboxConfig(),
      chains: [{ chainId: 31337, name: 'Local chain', rpcUrl: walletRpc }],
    }
    await browserContext.addInitScript({ content: await testWalletScript(api, walletSandbox) })
  } else if (wallet === 'walletconnect') {
    walletConnect = await createWalletConnectWallet({
      relayUrl: sandbox.relayUrl,
      evm: { rpcUrls: { 31337: walletRpc } },
    })
  }
  await browserContext.addInitScript({ content: WATCH_REJECTIONS })
  let relayTimer
  let balanceTimer
  let reloadTimer
  let approver
  const embedded = wallet === 'embedded'
  // The project's email login, on in the emulator's remote config for this run.
  const emailFeature = (on) =>
    fetch(
      `${api}/__sandbox/features`,
      on
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: true }),
          }
        : { method: 'DELETE' },
    )
  try {
    if (embedded) await emailFeature(true)
    else await setBalance('1000')
    const query = new URLSearchParams({ module: '/bench/soak/soak.js', api, relay: sandbox.relayUrl })
    if (embedded) query.set('secure', sandbox.secureFrameUrl)
    await page.goto(`${server.url}/page.html?${query}`)
    await page.waitForFunction(() => window.soak)
    if (walletConnect) {
      await page.evaluate(pickWallet, 'WalletConnect')
      await walletConnect.pair(await decodeQr(page))
      await walletConnect.approveNextSession()
    } else if (embedded) {
      await emailLogin(page, sandbox, `soak-${faults ? 'faults' : 'baseline'}-${Date.now()}@example.com`)
    } else {
      await page.evaluate(pickWallet, 'SigKit Test Wallet')
    }
    await page.evaluate(untilConnected)
    if (embedded) {
      address = await page.evaluate(() => window.soak.address)
      await setBalance('1000')
      approver = startApprover(page)
    }

    if (faults) for (const route of ROUTE_NAMES) sandbox.faults.set({ route, mode: '500', rate: FAULT_RATE })
    let drops = 0
    let balanceSets = 0
    if (faults)
      relayTimer = setInterval(() => {
        drops++
        sandbox.relay.dropAll()
      }, RELAY_DROP_EVERY_MS)
    balanceTimer = setInterval(() => {
      balanceSets++
      void setBalance(`${1000 + balanceSets}.25`)
    }, SET_BALANCE_EVERY_MS)

    // The secure frame's page reloads itself once, half-way (faults run, embedded wallet), while a
    // signature waits on its screen: the approver holds back until one does.
    let reloadAt
    let frameReloads = 0
    const reloadFrameDuringSignature = async () => {
      approver.pause(true)
      await page
        .waitForFunction(
          () => window.__soak.requests.some((item) => item.kind === 'personal_sign' && item.outcome === undefined),
          undefined,
          { timeout: 5_000, polling: 50 },
        )
        .catch(() => undefined)
      const frame = page.frame({ name: 'w3m-secure-iframe' })
      reloadAt = await page.evaluate(() => performance.now())
      await frame?.evaluate(() => location.reload()).catch(() => undefined)
      frameReloads++
      approver.pause(false)
    }
    if (faults && embedded) reloadTimer = setTimeout(reloadFrameDuringSignature, (durationS * 1000) / 2)

    await page.evaluate(startLoad, { intervalMs: REQUEST_INTERVAL_MS })
    await page.waitForTimeout(durationS * 1000)
    await page.evaluate(() => window.__soak.stop())
    clearInterval(relayTimer)
    clearInterval(balanceTimer)
    clearTimeout(reloadTimer)
    sandbox.faults.clear()

    // Every request started must settle within its deadline; wait for the last ones (at most the deadline).
    await page
      .waitForFunction(() => window.__soak.requests.every((record) => record.outcome !== undefined), undefined, {
        timeout: SETTLE_DEADLINE_MS,
        polling: 100,
      })
      .catch(() => undefined)
    const { records, now, unhandled } = await page.evaluate(() => ({
      records: window.__soak.requests,
      now: performance.now(),
      unhandled: window.__soakUnhandled,
    }))
    await approver?.stop()
    const counts = summarise(records, now, SETTLE_DEADLINE_MS)
    const signatures = await checkSignatures(records, address, reloadAt)

    // The final state: the dapp reads the balance once more (faults off), then it must be anvil's.
    const onChain = await anvil.getBalance({ address })
    const shown = await page.evaluate(async () => (await window.soak.fetchBalance()).data?.balance)
    const chainEther = formatEther(onChain)
    const matches = shown !== undefined && Number(shown) === Number(chainEther)

    const row = {
      wallet,
      run: faults ? 'faults' : 'baseline',
      seconds: durationS,
      ...counts,
      unhandledRejections: unhandled.length,
      pageErrors: errors.length,
      relayDrops: drops,
      balanceSets,
      signatures,
      ...(embedded
        ? {
            approvals: approver.approved(),
            frameReloads,
            inFlightAtReload: reloadAt === undefined ? undefined : inFlightAt(records, reloadAt),
          }
        : {}),
      balance: { shown, chain: chainEther, matches },
      problems: [...unhandled, ...errors].slice(0, 5),
    }
    log(
      `  soak: ${wallet}, ${row.run}, ${durationS} s: ${row.requests} requests, ${row.resolved} resolved, ` +
        `${row.reported} balance errors reported, rejected ${JSON.stringify(row.rejected)}, ` +
        `uncoded ${JSON.stringify(row.uncoded)}, hung ${row.hung} ${JSON.stringify(row.hungKinds)}, max ${row.maxMs.toFixed(0)} ms, ` +
        `p95 ${row.p95Ms.toFixed(0)} ms, unhandled ${row.unhandledRejections}, page errors ${row.pageErrors}, ` +
        `signatures verified ${signatures.verified}/${signatures.signed}` +
        (row.frameReloads
          ? `, frame reloads ${row.frameReloads} (in flight ${JSON.stringify(row.inFlightAtReload)}, ` +
            `verified after ${signatures.afterReload})`
          : '') +
        `, balance shown ${shown} / anvil ${chainEther}${matches ? '' : ' (MISMATCH)'}`,
    )
    return row
  } finally {
    clearInterval(relayTimer)
    clearInterval(balanceTimer)
    clearTimeout(reloadTimer)
    sandbox.faults.clear()
    await approver?.stop()
    await closePage(browserContext)
    await walletConnect?.stop()
    if (embedded) await emailFeature(false)
  }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, server: { url: string }, measureScript: string,
 *   duration?: number, log: (line: string) => void }} context
 */
export async function benchSoak(context) {
  const durationS = context.duration ?? DEFAULT_DURATION_S
  // The embedded wallet's accounts are plain EOAs here, so its signatures check by ecrecover like
  // the test wallets' (the smart-account path has its own tests).
  const sandbox = await startSandbox({ secureFrame: { smartAccounts: false } })
  try {
    const rows = []
    for (const wallet of WALLETS)
      for (const faults of [true, false]) rows.push(await soakRun(context, sandbox, { wallet, faults, durationS }))
    return rows
  } finally {
    await sandbox.stop()
  }
}
