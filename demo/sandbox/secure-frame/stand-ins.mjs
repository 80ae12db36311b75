// The pages that stand in for what the hosted wallet hands over to others: the social provider's
// consent screen (one per provider), the Farcaster app's approval, and the neutral page a social
// popup shows before it knows where to go. Their script is page/stand-in.js (served as it is);
// the values it needs are JSON in the page, never markup built from input.

/** Scripts only from the frame's origin; calls only to its own /api/. */
export const STAND_IN_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'"

const escapeHtml = (/** @type {string} */ value) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

const STYLE = `<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 26rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.45; }
  label { display: block; margin: 1rem 0 0.3rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 0.45rem 0.6rem; }
  .actions { display: flex; gap: 0.5rem; margin-top: 1rem; }
  button { font: inherit; padding: 0.45rem 0.9rem; }
  .muted { opacity: 0.75; }
</style>`

/** @param {string} title @param {string} body @param {unknown} [config] */
function page(title, body, config) {
  // As data inside <script>: '<' escaped so no value can close the element.
  const json = config === undefined ? '' : JSON.stringify(config).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(title)}</title>
${STYLE}
${config === undefined ? '' : `<script type="application/json" id="stand-in-config">${json}</script>\n<script type="module" src="/stand-in.js"></script>`}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** What a social popup shows while the widget asks the frame for the provider's address. */
export function loadingPage() {
  return page('Loading…', '<p role="status">Loading…</p>')
}

/**
 * A social provider's stand-in: who signs in (a username), Continue or Cancel.
 * @param {{ provider: string, providerName: string, state: string, returnUrl?: string }} options
 */
export function socialPage({ provider, providerName, state, returnUrl }) {
  const title = `${providerName} (sandbox)`
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="muted">A stand-in for signing in with ${escapeHtml(providerName)}: nothing leaves this machine. The name you choose is the account.</p>
<form id="consent">
  <label for="username">Username</label>
  <input id="username" name="username" autocomplete="off" required value="ada.lovelace" />
  <div class="actions">
    <button type="button" id="cancel">Cancel</button>
    <button type="submit" id="continue">Continue as ada.lovelace</button>
  </div>
</form>
<p id="outcome" role="status"></p>`,
    { kind: 'social', provider, state, ...(returnUrl === undefined ? {} : { returnUrl }) },
  )
}

/** The Farcaster app's stand-in. @param {{ channel: string }} options */
export function farcasterPage({ channel }) {
  const title = 'Sign in with Farcaster (sandbox)'
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="muted">A stand-in for the Farcaster app: approving signs the dapp's frame in as this username.</p>
<form id="consent">
  <label for="username">Username</label>
  <input id="username" name="username" autocomplete="off" required value="ada" />
  <div class="actions">
    <button type="button" id="cancel">Reject</button>
    <button type="submit" id="continue">Approve</button>
  </div>
</form>
<p id="outcome" role="status"></p>`,
    { kind: 'farcaster', channel },
  )
}
