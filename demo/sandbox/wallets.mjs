// @ts-check
// The wallet list the API emulator serves from /getWallets: the SigKit test wallet first, then
// hundreds of made-up but plausible listings, so paging, search and filters have real work.
//
// Deterministic: the same seed gives the same list (ids, names, chains, links) on every run
// and machine, so tests and screenshots can name wallets.
import { createHash } from 'node:crypto'

/** @typedef {{ id: string, name: string, image_id: string, rdns: string | null, chains: string[], mobile_link: string | null, desktop_link: string | null, webapp_link: string | null }} WalletListing */

export const TEST_WALLET_ID = 'sigkit-test-wallet'

/** @type {WalletListing} */
export const TEST_WALLET_LISTING = Object.freeze({
  id: TEST_WALLET_ID,
  name: 'SigKit Test Wallet',
  image_id: 'sigkit-test-wallet',
  rdns: 'dev.sigkit.testwallet',
  chains: ['eip155:31337', 'eip155:31338'],
  // It is an injected (EIP-6963) wallet in the demo page: no deep links to follow.
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
})

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'

/**
 * Chain sets a listing draws from. Most wallets are EVM; some also do Solana or Bitcoin, a few
 * are Solana-only, so a `chains` filter keeps and drops a visible share of the list. Every EVM
 * wallet can add a chain, so EVM sets also list the sandbox's two local chains: the demo's list
 * (filtered by its networks) is then the 600-plus wallets a real dapp would show.
 */
const LOCAL_CHAINS = ['eip155:31337', 'eip155:31338']
const BASE_CHAIN_SETS = [
  ['eip155:1'],
  ['eip155:1', 'eip155:137'],
  ['eip155:1', 'eip155:10', 'eip155:8453', 'eip155:42161'],
  ['eip155:1', 'eip155:31337'],
  ['eip155:1', 'eip155:31337', 'eip155:31338'],
  ['eip155:1', 'eip155:137', SOLANA_MAINNET],
  ['eip155:1', 'eip155:8453', SOLANA_MAINNET, SOLANA_DEVNET],
  [SOLANA_MAINNET],
  [SOLANA_MAINNET, SOLANA_DEVNET],
  ['eip155:1', BITCOIN_MAINNET],
  [BITCOIN_MAINNET],
  ['eip155:1', 'eip155:56', 'eip155:137', 'eip155:43114'],
]
const CHAIN_SETS = BASE_CHAIN_SETS.map((set) =>
  set.some((chain) => chain.startsWith('eip155:')) ? [...new Set([...set, ...LOCAL_CHAINS])] : set,
)

const FIRST_WORDS = [
  'Amber',
  'Nova',
  'Cobalt',
  'Lumen',
  'Harbor',
  'Summit',
  'Orbit',
  'Cedar',
  'Pixel',
  'Quartz',
  'Ember',
  'Atlas',
  'Zephyr',
  'Onyx',
  'Willow',
  'Falcon',
  'Coral',
  'Prism',
  'Aurora',
  'Granite',
  'Velvet',
  'Juniper',
  'Nimbus',
  'Saffron',
  'Tundra',
  'Meadow',
  'Vertex',
  'Polar',
  'Echo',
  'Indigo',
]
const SECOND_WORDS = ['Wallet', 'Vault', 'Keys', 'Pay', 'Safe', 'Pocket', 'Purse', 'Ledger', 'Pass', 'Chest']

/**
 * mulberry32: a tiny seeded PRNG (32-bit state), good enough for fixture data.
 * @param {number} seed
 * @returns {() => number} uniform in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** @template T @param {() => number} random @param {readonly T[]} items @returns {T} */
const pick = (random, items) => /** @type {T} */ (items[Math.floor(random() * items.length)])

const sha256 = (/** @type {string} */ text) => createHash('sha256').update(text).digest('hex')

/** A UUID-shaped image id, like the hosted API's, derived from the wallet id. */
function imageIdFor(/** @type {string} */ walletId) {
  const hex = sha256(`image:${walletId}`)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * Generate the wallet list. Names are unique: "Amber Wallet" the first time a pair comes up,
 * then "Amber Wallet 2", "Amber Wallet 3", …
 * @param {{ count?: number, seed?: number }} [options] count excludes the test wallet
 * @returns {WalletListing[]} the test wallet first, then `count` generated listings
 */
export function generateWallets({ count = 960, seed = 0x516b17 } = {}) {
  const random = seededRandom(seed)
  /** @type {Map<string, number>} */
  const timesUsed = new Map()
  /** @type {WalletListing[]} */
  const wallets = [{ ...TEST_WALLET_LISTING, chains: [...TEST_WALLET_LISTING.chains] }]
  for (let index = 0; index < count; index++) {
    const baseName = `${pick(random, FIRST_WORDS)} ${pick(random, SECOND_WORDS)}`
    const used = (timesUsed.get(baseName) ?? 0) + 1
    timesUsed.set(baseName, used)
    const name = used === 1 ? baseName : `${baseName} ${used}`
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
    const id = sha256(`sigkit-sandbox-wallet:${seed}:${index}:${name}`)
    const hasMobile = random() < 0.8
    const hasDesktop = random() < 0.3
    const hasWebapp = random() < 0.25
    const hasRdns = random() < 0.45
    wallets.push({
      id,
      name,
      image_id: imageIdFor(id),
      rdns: hasRdns ? `app.${slug}` : null,
      chains: [...pick(random, CHAIN_SETS)],
      mobile_link: hasMobile ? `${slug}://` : null,
      desktop_link: hasDesktop ? `${slug}-desktop://` : null,
      // .example is reserved (RFC 2606): these links can never reach a real site.
      webapp_link: hasWebapp ? `https://app.${slug}.example/` : null,
    })
  }
  return wallets
}

/**
 * /getWallets semantics over a list: include/exclude by id, chains (a wallet matches when it
 * lists any of them; none given = all), case-insensitive name search, then a 1-based page.
 * @param {readonly WalletListing[]} wallets
 * @param {{ page?: number, entries?: number, include?: string[], exclude?: string[], chains?: string[], search?: string }} query
 * @returns {{ count: number, data: WalletListing[] }} count is the filtered total, not the page size
 */
export function queryWallets(
  wallets,
  { page = 1, entries = 40, include = [], exclude = [], chains = [], search = '' },
) {
  const included = new Set(include)
  const excluded = new Set(exclude)
  const wantedChains = new Set(chains)
  const needle = search.trim().toLowerCase()
  const matching = wallets.filter(
    (wallet) =>
      (included.size === 0 || included.has(wallet.id)) &&
      !excluded.has(wallet.id) &&
      (wantedChains.size === 0 || wallet.chains.some((chain) => wantedChains.has(chain))) &&
      (needle === '' || wallet.name.toLowerCase().includes(needle)),
  )
  const start = (page - 1) * entries
  return { count: matching.length, data: matching.slice(start, start + entries) }
}

/** Up to two initials for an image: "Nova Vault 12" → "NV". */
export function initialsOf(/** @type {string} */ name) {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word))
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?'
  )
}
