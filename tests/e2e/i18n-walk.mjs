// Issue 32's walk through every view a visitor can reach, for the i18n specs: a locale's texts (a
// shipped catalogue, or the pseudo-locale), the steps from the button to each view, and what each
// view is checked for (text left untranslated, text overflowing its box).
import { expect, modal } from './helpers.mjs'
import { pseudoCatalogue, PSEUDO_CLOSE, PSEUDO_OPEN } from '../helpers/pseudo-locale.mjs'

/** A locale's catalogue (namespace → key → message), read from the source as the build reads it (esbuild). */
export async function catalogue(tag) {
  if (tag === 'pseudo') return pseudoCatalogue(await catalogue('en'))
  const esbuild = await import('esbuild')
  const { outputFiles } = await esbuild.build({
    entryPoints: [`src/i18n/messages/${tag}.ts`],
    bundle: true,
    write: false,
    format: 'esm',
  })
  const url = `data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`
  const loaded = await import(url)
  return loaded.en ?? loaded.default
}

/**
 * `say('swap.review')`: a message of the catalogue as the modal shows it, placeholders filled
 * (plural forms: `other`), for finding controls by the name the visitor reads.
 */
export function sayer(messages) {
  const message = (key) => {
    const [namespace, name] = key.split('.')
    const found = messages[namespace][name]
    return typeof found === 'string' ? found : found.other
  }
  const say = (key, params = {}) =>
    message(key).replace(/\{(\w+)\}/g, (written, param) => (param in params ? String(params[param]) : written))
  /** The message as a whole-text pattern, any value in its placeholders. */
  say.pattern = (key) =>
    new RegExp(
      `^${message(key)
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    )
  return say
}

/**
 * Names shown as they are in every language (issue 32: brand, wallet, token and network names).
 * Wallet, token and network names come from the sandbox (its chains, tokens and wallet list); these
 * are the brands and terms the catalogue README keeps.
 */
const BRANDS = [
  ...['SigKit', 'WalletConnect', 'MetaMask', 'Farcaster', 'Google', 'Solana', 'Ethereum', 'EVM', 'EOA', 'NFT'],
  // The on-ramp providers and the social logins.
  ...['Coinbase', 'Meld.io', 'X', 'Discord', 'Apple', 'GitHub', 'Facebook'],
]

/**
 * The names of the sandbox's networks, tokens and NFT collections, the brands, and `others` (wallet
 * names as listed, a dapp's name in a smart session): text made of these is not language.
 */
export function namesOf(config, others = []) {
  const tokens = Object.values(config.tokens ?? {}).flatMap((list) =>
    list.flatMap((token) => [token.name, token.symbol]),
  )
  const networks = [...config.chains.map((chain) => chain.name), config.solana?.name].filter(Boolean)
  // The sandbox's NFT collection (demo/sandbox/nfts.mjs): its items are "SigKit Pals #1"…
  const nfts = ['SigKit Pals']
  return [...new Set([...BRANDS, ...others, ...tokens, ...networks, ...nfts, 'ETH', 'Ether', 'SOL'])]
}

/**
 * What the modal and the button show that breaks a locale, in the page: `untranslated` texts (with
 * `open`, the pseudo-locale's mark: a visible text node, placeholder or accessible label whose
 * letters are not all inside ⟦…⟧ once names, data and `Intl` dates are taken out) and `overflowing`
 * elements (scrollWidth beyond clientWidth, without an ellipsis whose `title` holds the whole text).
 *
 * Not language, by rule: text inside `<bdi>`, `dir="ltr"`, `<time>` or `<code>` (addresses, hashes,
 * amounts and codes, marked so for right-to-left), a word with a digit in it (an amount, an
 * address, a hash, a chain id), one of `names` (brands, wallets, tokens, networks) and the month
 * names `Intl` writes for the locale.
 */
export function scanPage(page, { open, names }) {
  return page.evaluate(
    ({ open, close, names }) => {
      const roots = ['sigkit-modal', 'appkit-button']
        .flatMap((tag) => [...document.querySelectorAll(tag)])
        .map((host) => host.shadowRoot)
        .filter(Boolean)
      const months = Array.from({ length: 12 }, (_, month) =>
        new Date(2024, month, 15).toLocaleString('en-US', { month: 'long' }),
      )
      // `dir="ltr"` on an element of its own, not the modal's root (which carries `lang` and the page's direction).
      const data = (element) => element.closest('bdi, [dir="ltr"]:not([lang]), time, code, svg, [aria-hidden="true"]')
      const longestFirst = [...names, ...months].sort((a, b) => b.length - a.length)
      const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      const nameless = new RegExp(longestFirst.map(escape).join('|'), 'g')
      const bracketed = new RegExp(`${escape(open)}[^${escape(close)}]*${escape(close)}`, 'g')
      const language = (text) =>
        text
          .replace(bracketed, ' ')
          .replace(nameless, ' ')
          .split(/\s+/)
          .filter((word) => !/\d/.test(word) && /\p{L}{2}/u.test(word))
          .join(' ')
      const untranslated = []
      const overflowing = []
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement
          if (!element || element.closest('style, script') || data(element) || !element.checkVisibility()) continue
          const left = language(node.textContent)
          if (left) untranslated.push(node.textContent.trim())
        }
        for (const element of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
          if (!element.checkVisibility() || data(element)) continue
          for (const attribute of ['placeholder', 'aria-label', 'title']) {
            const value = element.getAttribute(attribute)
            if (value && language(value)) untranslated.push(`${attribute}="${value}"`)
          }
        }
        for (const element of root.querySelectorAll('*')) {
          if (!element.checkVisibility() || element.scrollWidth <= element.clientWidth + 1) continue
          // A decorative icon (a token's letter with its direction badge over the corner) is not text.
          if (element.closest('[aria-hidden="true"]')) continue
          const style = getComputedStyle(element)
          if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue
          if (style.textOverflow === 'ellipsis' && element.title) continue
          // A visually hidden label (a 1 px clipped box) is read, not seen; an element without text
          // (an icon, a QR code) has no text to overflow.
          if (element.clientWidth <= 1 || !element.textContent.trim()) continue
          // The child that sticks out of the box, when one does: the one to fix.
          const box = element.getBoundingClientRect()
          const wide = [...element.children].find((child) => {
            const rect = child.getBoundingClientRect()
            return rect.right > box.right + 1 || rect.left < box.left - 1
          })
          const what = (node) => `<${node.tagName.toLowerCase()}> ${node.textContent.trim().slice(0, 60)}`
          overflowing.push(wide ? `${what(element)} (sticking out: ${what(wide)})` : what(element))
        }
      }
      return { untranslated: [...new Set(untranslated)], overflowing: [...new Set(overflowing)] }
    },
    { open, close: PSEUDO_CLOSE, names },
  )
}

/**
 * The checker the walk calls at each view: collects what breaks there under the view's name, so one
 * run names every view and text at fault (`problems`), checked at the end of the test.
 */
export function viewChecker(page, { untranslated, names }) {
  const problems = []
  const seen = []
  async function check(view) {
    // The view's texts settle (a list loads, a title animates in) before they are read.
    await page.waitForTimeout(200)
    const found = await scanPage(page, { open: PSEUDO_OPEN, names: await names() })
    seen.push(view)
    const here = [
      ...(untranslated ? found.untranslated.map((text) => `${view}: untranslated "${text}"`) : []),
      ...found.overflowing.map((element) => `${view}: overflows ${element}`),
    ]
    // Printed as found too, so a walk stopped by a later step still tells what it saw.
    if (here.length) console.log(here.join('\n'))
    problems.push(...here)
  }
  return { check, problems, seen }
}

/**
 * The scan finds what it is there to find: an English sentence and a text too wide for its box,
 * put into the dialog for a moment, are both reported (a scan that saw nothing would pass every
 * view).
 */
export async function expectScanToCatch(page, names) {
  await modal(page).evaluate((dialog) => {
    const probe = document.createElement('p')
    probe.id = 'i18n-walk-probe'
    probe.textContent = 'Hard-coded probe sentence'
    probe.style.cssText = 'width: 40px; white-space: nowrap; overflow: hidden'
    dialog.append(probe)
  })
  const found = await scanPage(page, { open: PSEUDO_OPEN, names })
  await modal(page).evaluate((dialog) => dialog.querySelector('#i18n-walk-probe').remove())
  expect(found.untranslated).toContain('Hard-coded probe sentence')
  expect(found.overflowing).toContain('<p> Hard-coded probe sentence')
}

/** Goes back one view with the header's Back button. */
export async function back(page, say) {
  await modal(page)
    .getByRole('button', { name: say('modal.back'), exact: true })
    .click()
}

/** Closes the modal with its Close button. */
export async function closeModal(page, say) {
  await modal(page)
    .getByRole('button', { name: say('modal.close'), exact: true })
    .first()
    .click()
  await expect(modal(page)).toBeHidden()
}
