// The dev mailbox: where the secure frame's backend "sends" its mails (login codes, approve-device
// links). Nothing leaves the machine; a person reads them on the /mailbox page, a test reads
// GET /__sandbox/mailbox?email=… (JSON).

/**
 * @typedef {{ id: number, to: string, subject: string, text: string, time: string, code?: string, link?: string }} Mail
 */

export function createMailbox() {
  /** @type {Mail[]} oldest first */
  const mails = []
  let nextId = 1
  return {
    /** @param {{ to: string, subject: string, text: string, code?: string, link?: string }} mail */
    send(mail) {
      const stored = { id: nextId++, time: new Date().toISOString(), ...mail }
      mails.push(stored)
      return stored
    },
    /** Mails to one address (case-insensitive), oldest first; every mail without an address. @param {string} [email] */
    list(email) {
      const wanted = email?.trim().toLowerCase()
      return mails.filter((mail) => !wanted || mail.to === wanted).map((mail) => ({ ...mail }))
    },
    /** @returns {{ email: string, count: number }[]} every address that got mail, most recent first */
    addresses() {
      /** @type {Map<string, number>} */
      const counts = new Map()
      for (const mail of [...mails].reverse()) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1)
      return [...counts].map(([email, count]) => ({ email, count }))
    },
    clear() {
      mails.length = 0
    },
  }
}

/** @param {unknown} value */
function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (char) =>
      /** @type {Record<string, string>} */ ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        char
      ] ?? char,
  )
}

/**
 * The /mailbox page: a form for an address, then its mails (newest first). Reloads itself every
 * few seconds while an inbox is open, so a code shows up without touching anything.
 * @param {ReturnType<typeof createMailbox>} mailbox
 * @param {string} [email]
 */
export function mailboxPage(mailbox, email) {
  const inbox = email ? mailbox.list(email).reverse() : []
  const others = mailbox.addresses()
  const mailHtml = inbox
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.time)}">${escapeHtml(mail.time.replace('T', ' ').slice(0, 19))} UTC</time></p>
  ${mail.code ? `<p class="code" aria-label="Code">${escapeHtml(mail.code)}</p>` : ''}
  <pre>${escapeHtml(mail.text)}</pre>
  ${mail.link ? `<p><a href="${escapeHtml(mail.link)}" target="_blank" rel="noopener">Approve this device</a></p>` : ''}
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
${email ? '<meta http-equiv="refresh" content="3" />' : ''}
<title>${email ? `${escapeHtml(email)} · ` : ''}SigKit sandbox mailbox</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }
  form { display: flex; gap: 0.5rem; margin-bottom: 1.5rem; }
  input { flex: 1; font: inherit; padding: 0.4rem 0.6rem; }
  button { font: inherit; padding: 0.4rem 0.9rem; }
  article { border: 1px solid #8886; border-radius: 0.6rem; padding: 0.8rem 1rem; margin-bottom: 1rem; }
  h2 { font-size: 1.05rem; margin: 0 0 0.2rem; }
  .meta { margin: 0; opacity: 0.75; font-size: 0.9rem; }
  .code { font-size: 2rem; letter-spacing: 0.3rem; font-variant-numeric: tabular-nums; margin: 0.4rem 0; }
  pre { white-space: pre-wrap; font: inherit; }
</style>
</head>
<body>
<h1>Sandbox mailbox</h1>
<p>Mails the secure frame's backend sent. Nothing leaves this machine. JSON: <code>/__sandbox/mailbox?email=…</code></p>
<form method="get" action="/mailbox">
  <label for="email">Address</label>
  <input id="email" name="email" type="email" required value="${escapeHtml(email ?? '')}" />
  <button type="submit">Open</button>
</form>
${email ? `<section aria-label="Mails to ${escapeHtml(email)}">${mailHtml || '<p>No mail yet. This page reloads every 3 seconds.</p>'}</section>` : ''}
${
  others.length > 0
    ? `<h2>Addresses</h2><ul>${others
        .map(
          (entry) =>
            `<li><a href="/mailbox?email=${encodeURIComponent(entry.email)}">${escapeHtml(entry.email)}</a> (${entry.count})</li>`,
        )
        .join('')}</ul>`
    : ''
}
</body>
</html>
`
}
