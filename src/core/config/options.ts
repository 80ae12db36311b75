/**
 * The options a dapp passes to `createAppKit`, and their validation. Options are outside input:
 * `validateOptions` checks every field it uses, names the offending path in its error, and returns
 * a fully defaulted {@link ResolvedOptions}. Unknown keys are ignored so newer options written for
 * Reown AppKit do not break SigKit.
 */
import { isChainNamespace, isCaipNetworkId } from '../lib/caip'
import type { Message, MessageOverrides } from '../../i18n/types'
import {
  BASIC_MODE_DISABLED,
  DEFAULT_CONNECT_METHOD_ORDER,
  CHAIN_NAMESPACES,
  DEFAULT_ENDPOINTS,
  DEFAULT_FEATURES,
  DEFAULT_SOCIALS,
  DEFAULT_THEME_MODE,
} from '../constants'
import type {
  CaipNetwork,
  ConnectMethod,
  Endpoints,
  ResolvedFeatures,
  SocialProvider,
  ThemeMode,
  ThemeVariables,
  ThemeVariablesInput,
} from '../types'
import type { SIWXConfig } from './siwx'
import { isHttpUrl, isImageUrl, isNonEmptyString, isRecord, isWsUrl } from '../../lib/validate'

/** What a `siwx` config must implement; only `getRequired` may be left out. */
const SIWX_METHODS = [
  'createMessage',
  'addSession',
  'revokeSession',
  'setSessions',
  'getSessions',
  'getRequired',
] as const

/** Dapp metadata shown in wallets. */
export interface AppKitMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** Local feature switches (remote configuration may override the remote-controlled ones). */
export interface AppKitFeatures {
  email?: boolean
  /** `false` hides social login; a list picks providers and their order. */
  socials?: false | SocialProvider[]
  swaps?: boolean
  onramp?: boolean
  /** The activity section. */
  history?: boolean
  analytics?: boolean
  allWallets?: boolean
  send?: boolean
  receive?: boolean
  legalCheckbox?: boolean
  smartSessions?: boolean
  collapseWallets?: boolean
  pay?: boolean
  branding?: boolean
  connectMethodsOrder?: ConnectMethod[]
  /**
   * Several wallets connected at once in a namespace, each kept with its accounts and chain, one
   * of them active (AppKit's multi-wallet, there a paid remote feature). Default on; `false`: a new
   * wallet replaces the connected one.
   */
  multiWallet?: boolean
}

/**
 * An EVM chain as viem describes it (`import { mainnet } from 'viem/chains'`): what SigKit reads of
 * it. `createAppKit` derives `chainNamespace` ('eip155') and `caipNetworkId` (`eip155:<id>`).
 */
export interface EvmChain {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}

/** Options of `createAppKit`. */
export interface AppKitOptions {
  /** Project id from the hosted dashboard. Missing: the modal shows a project-not-configured alert. */
  projectId: string
  /**
   * Networks the dapp supports; at least one. SigKit's (`sigkit/networks`) or viem's `Chain`
   * objects (`viem/chains`), whose CAIP fields are derived (`eip155:<id>`).
   */
  networks: readonly (CaipNetwork | EvmChain)[]
  /** Network active at start; must be one of `networks`. Defaults to the first. */
  defaultNetwork?: CaipNetwork | EvmChain
  metadata?: AppKitMetadata
  features?: AppKitFeatures
  /** Turns email, socials, swaps, on-ramp, activity and branding off. */
  basic?: boolean
  themeMode?: ThemeMode
  themeVariables?: ThemeVariablesInput
  /** Legacy sign-in config; cannot be combined with `siwx`. */
  siweConfig?: object
  /** Sign in with the wallet: the dapp's session store and message maker. */
  siwx?: SIWXConfig
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  /**
   * The language of the modal and the button, a BCP 47 tag (`'ja'`, `'pt-BR'`), matched to the
   * closest shipped locale. Without it: the best match for the browser's languages, read at the
   * first open, else English. `appKit.setLocale()` changes it later.
   */
  locale?: string
  /**
   * Texts that replace the catalogue's, by message key, in every locale:
   * `{ 'button.connect': 'Sign in' }` (the keys: `src/i18n/messages/en`, docs/i18n.md).
   */
  messages?: MessageOverrides
  /**
   * Render the modal inline (AppKit's name): inside the page's `<appkit-modal>` element, in the
   * page's flow, shown from the start, with no backdrop and no close button. Default false.
   */
  enableEmbedded?: boolean
  /**
   * Fetch the modal's code once the page is idle, so the first click opens it at once (default
   * true). Hovering, focusing or touching the button preloads it either way.
   */
  preloadOnIdle?: boolean
  debug?: boolean
  /** Replace hosted services (e.g. with a local sandbox). */
  endpoints?: Partial<Endpoints>
  /**
   * The nonce of the page's Content-Security-Policy (`style-src 'nonce-…'`), put on the `<style>`
   * a browser without constructable stylesheets gets; others need none (docs/csp.md).
   */
  nonce?: string
  /**
   * Chain adapters, as AppKit takes them: `new WagmiAdapter(…)` from `sigkit/wagmi` links wagmi to
   * the modal by itself, so SigKit only accepts the list (the eip155 adapter is built in).
   */
  adapters?: readonly object[]
}

/**
 * AppKit options SigKit accepts and ignores (listed in the README's "Coming from AppKit"), typed
 * so an AppKit config compiles unchanged. Nothing reads them.
 */
export interface IgnoredAppKitOptions {
  allWallets?: unknown
  chainImages?: unknown
  connectorImages?: unknown
  customRpcUrls?: unknown
  customWallets?: unknown
  defaultAccountTypes?: unknown
  enableAuthLogger?: unknown
  enableCoinbase?: unknown
  enableEIP6963?: unknown
  enableInjected?: unknown
  enableReconnect?: unknown
  enableWalletConnect?: unknown
  enableWalletGuide?: unknown
  enableWallets?: unknown
  manualWCControl?: unknown
  privacyPolicyUrl?: unknown
  showWallets?: unknown
  termsConditionsUrl?: unknown
  universalProviderConfigOverride?: unknown
}

/** Options after validation, with every default filled in. */
export interface ResolvedOptions {
  /** Trimmed project id; `''` when missing. */
  projectId: string
  /** True when no usable project id was given (the caller shows the alert). */
  projectIdMissing: boolean
  /** Requested networks, duplicates removed (first definition wins). */
  networks: CaipNetwork[]
  /** The start network (from `defaultNetwork`, else the first of `networks`). */
  defaultNetwork: CaipNetwork
  metadata: AppKitMetadata | undefined
  /** Local features: defaults, then the dapp's `features`, then basic mode. */
  features: ResolvedFeatures
  /** Only the features the dapp (or basic mode) set explicitly. */
  featureOverrides: Partial<ResolvedFeatures>
  basic: boolean
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  siweConfig: object | undefined
  siwx: SIWXConfig | undefined
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  enableEmbedded: boolean
  locale: string | undefined
  messages: Readonly<Record<string, Message>>
  preloadOnIdle: boolean
  debug: boolean
  endpoints: Endpoints
  nonce: string | undefined
}

/** Thrown by {@link validateOptions}; `path` names the offending option. */
export class AppKitOptionsError extends Error {
  /** Option path, e.g. `networks[1].nativeCurrency.decimals`. */
  readonly path: string

  constructor(path: string, message: string) {
    super(message)
    this.name = 'AppKitOptionsError'
    this.path = path
  }
}

function fail(path: string, problem: string): never {
  throw new AppKitOptionsError(path, `${path} ${problem}`)
}

function optionalBoolean(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') fail(path, 'must be a boolean')
  return value
}

/** A top-level boolean option, read by name (shorter at every call than passing value and path). */
function optionalOption(input: Record<string, unknown>, key: string, fallback: boolean): boolean {
  return optionalBoolean(input[key], key, fallback)
}

function validateLocale(value: unknown): string | undefined {
  if (value === undefined) return undefined
  try {
    if (typeof value === 'string' && value) return Intl.getCanonicalLocales(value)[0]
  } catch {
    // Reported below, as any other malformed value.
  }
  fail('locale', 'must be a BCP 47 language tag')
}

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other']

/** Each override is a text, or plural forms with `other` (keys are `namespace.key`). */
function validateMessages(value: unknown): Record<string, Message> {
  if (value === undefined) return {}
  if (!isRecord(value)) fail('messages', 'must be an object')
  for (const [key, message] of Object.entries(value)) {
    const path = `messages[${JSON.stringify(key)}]`
    if (!/^\w+\.\w+$/.test(key)) fail(path, 'must be a message key (namespace.key)')
    if (typeof message === 'string') continue
    const forms = isRecord(message) ? Object.entries(message) : []
    if (
      !isRecord(message) ||
      typeof message['other'] !== 'string' ||
      forms.some(([category, text]) => !PLURAL_CATEGORIES.includes(category) || typeof text !== 'string')
    )
      fail(path, 'must be a string or plural forms ({ one, other, … } strings)')
  }
  return { ...value } as Record<string, Message>
}

/**
 * Validates one network as `networks` items are (a viem `Chain` becomes an eip155 network).
 *
 * @throws AppKitOptionsError naming the bad field under `path`.
 * @example
 * ```ts
 * validateNetwork(optimism, 'network')
 * ```
 */
export function validateNetwork(input: unknown, path: string): CaipNetwork {
  if (!isRecord(input)) fail(path, 'must be an object')
  // A viem `Chain` (from `viem/chains`) has no CAIP fields: it is an eip155 network of its numeric id.
  const value =
    (input['chainNamespace'] ?? typeof input['id'] != 'number')
      ? input
      : { ...input, chainNamespace: 'eip155', caipNetworkId: 'eip155:' + input['id'] }
  const { id, caipNetworkId, chainNamespace, name, nativeCurrency, rpcUrls, blockExplorers, testnet } = value
  if (!(Number.isInteger(id) && (id as number) >= 0) && !isNonEmptyString(id)) {
    fail(`${path}.id`, 'must be a non-negative integer or a non-empty string')
  }
  if (!isChainNamespace(chainNamespace)) fail(`${path}.chainNamespace`, `must be one of ${CHAIN_NAMESPACES.join(', ')}`)
  const expectedId = `${chainNamespace}:${id}`
  if (!isCaipNetworkId(caipNetworkId) || caipNetworkId !== expectedId) {
    fail(`${path}.caipNetworkId`, `must be "${expectedId}" (chainNamespace:id)`)
  }
  if (!isNonEmptyString(name)) fail(`${path}.name`, 'must be a non-empty string')
  if (!isRecord(nativeCurrency)) fail(`${path}.nativeCurrency`, 'must be an object')
  if (!isNonEmptyString(nativeCurrency['name'])) fail(`${path}.nativeCurrency.name`, 'must be a non-empty string')
  if (!isNonEmptyString(nativeCurrency['symbol'])) fail(`${path}.nativeCurrency.symbol`, 'must be a non-empty string')
  const decimals = nativeCurrency['decimals']
  if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 255) {
    fail(`${path}.nativeCurrency.decimals`, 'must be an integer from 0 to 255')
  }
  const rpcDefault = isRecord(rpcUrls) ? rpcUrls['default'] : undefined
  if (!isRecord(rpcDefault)) fail(`${path}.rpcUrls.default`, 'must be an object')
  const http = rpcDefault['http']
  if (!Array.isArray(http)) fail(`${path}.rpcUrls.default.http`, 'must be an array of http(s) URLs')
  http.forEach((url, index) => {
    if (!isHttpUrl(url)) fail(`${path}.rpcUrls.default.http[${index}]`, 'must be an http(s) URL')
  })
  const webSocket = rpcDefault['webSocket']
  if (webSocket !== undefined) {
    if (!Array.isArray(webSocket)) fail(`${path}.rpcUrls.default.webSocket`, 'must be an array of ws(s) URLs')
    webSocket.forEach((url, index) => {
      if (!isWsUrl(url)) fail(`${path}.rpcUrls.default.webSocket[${index}]`, 'must be a ws(s) URL')
    })
  }
  if (blockExplorers !== undefined) {
    const explorer = isRecord(blockExplorers) ? blockExplorers['default'] : undefined
    if (!isRecord(explorer)) fail(`${path}.blockExplorers.default`, 'must be an object')
    if (!isNonEmptyString(explorer['name'])) fail(`${path}.blockExplorers.default.name`, 'must be a non-empty string')
    if (!isHttpUrl(explorer['url'])) fail(`${path}.blockExplorers.default.url`, 'must be an http(s) URL')
  }
  optionalBoolean(testnet, `${path}.testnet`, false)
  // The network object is kept as given: chain adapters may need extra fields (e.g. contracts).
  return value as unknown as CaipNetwork
}

function validateNetworks(value: unknown): CaipNetwork[] {
  if (!Array.isArray(value) || value.length === 0) fail('networks', 'must be a non-empty array of networks')
  const seen = new Set<string>()
  const result: CaipNetwork[] = []
  value.forEach((item, index) => {
    const network = validateNetwork(item, `networks[${index}]`)
    if (seen.has(network.caipNetworkId)) return
    seen.add(network.caipNetworkId)
    result.push(network)
  })
  return result
}

function validateMetadata(value: unknown): AppKitMetadata | undefined {
  if (value === undefined) return undefined
  if (!isRecord(value)) fail('metadata', 'must be an object')
  const { name, description, url, icons } = value
  if (!isNonEmptyString(name)) fail('metadata.name', 'must be a non-empty string')
  if (typeof description !== 'string') fail('metadata.description', 'must be a string')
  if (!isHttpUrl(url)) fail('metadata.url', 'must be an http(s) URL')
  if (!Array.isArray(icons)) fail('metadata.icons', 'must be an array of URLs')
  icons.forEach((icon, index) => {
    if (!isImageUrl(icon)) {
      fail(`metadata.icons[${index}]`, 'must be an http(s) or data:image URL')
    }
  })
  return { name, description, url, icons: [...icons] as string[] }
}

const BOOLEAN_FEATURES = [
  'email',
  'swaps',
  'onramp',
  'history',
  'analytics',
  'allWallets',
  'send',
  'receive',
  'legalCheckbox',
  'smartSessions',
  'collapseWallets',
  'pay',
  'branding',
  'multiWallet',
] as const

function validateFeatures(
  value: unknown,
  basic: boolean,
): { features: ResolvedFeatures; overrides: Partial<ResolvedFeatures> } {
  if (value !== undefined && !isRecord(value)) fail('features', 'must be an object')
  const input = value ?? {}
  const overrides: Partial<ResolvedFeatures> = {}
  for (const key of BOOLEAN_FEATURES) {
    if (input[key] !== undefined) overrides[key] = optionalBoolean(input[key], `features.${key}`, false)
  }
  const socials = input['socials']
  if (socials !== undefined) {
    if (socials === false) overrides.socials = false
    else if (Array.isArray(socials)) {
      socials.forEach((provider, index) => {
        if (!(DEFAULT_SOCIALS as readonly unknown[]).includes(provider)) {
          fail(`features.socials[${index}]`, `must be one of ${DEFAULT_SOCIALS.join(', ')}`)
        }
      })
      const unique = [...new Set(socials as SocialProvider[])]
      overrides.socials = unique.length > 0 ? unique : false
    } else fail('features.socials', 'must be false or an array of social providers')
  }
  const order = input['connectMethodsOrder']
  if (order !== undefined) {
    if (
      !Array.isArray(order) ||
      order.length === 0 ||
      order.some((method) => !DEFAULT_CONNECT_METHOD_ORDER.includes(method)) ||
      new Set(order).size !== order.length
    ) {
      fail(
        'features.connectMethodsOrder',
        `must list connect methods (${DEFAULT_CONNECT_METHOD_ORDER.join(', ')}), each at most once`,
      )
    }
    overrides.connectMethodsOrder = [...order] as ConnectMethod[]
  }
  if (basic) {
    for (const key of BASIC_MODE_DISABLED) overrides[key] = false
  }
  return { features: { ...DEFAULT_FEATURES, ...overrides }, overrides }
}

const THEME_VARIABLE_TYPES: Record<keyof ThemeVariables, 'string' | 'number'> = {
  '--sk-font-family': 'string',
  '--sk-accent': 'string',
  '--sk-color-mix': 'string',
  '--sk-color-mix-strength': 'number',
  '--sk-font-size-master': 'string',
  '--sk-border-radius-master': 'string',
  '--sk-z-index': 'number',
}

/**
 * Validates theme variables. AppKit's `--w3m-*` / `--apkt-*` names are accepted as their `--sk-*`
 * equivalents so existing AppKit configs keep working; other unknown names are ignored.
 *
 * @throws AppKitOptionsError when a known variable has the wrong type.
 * @example
 * ```ts
 * validateThemeVariables({ '--w3m-accent': '#47a1ff' }) // { '--sk-accent': '#47a1ff' }
 * ```
 */
export function validateThemeVariables(value: unknown, path = 'themeVariables'): ThemeVariables {
  if (value === undefined) return {}
  if (!isRecord(value)) fail(path, 'must be an object')
  const result: Record<string, string | number> = {}
  for (const [rawKey, variable] of Object.entries(value)) {
    const key = rawKey.replace(/^--(w3m|apkt)-/, '--sk-') as keyof ThemeVariables
    const type = THEME_VARIABLE_TYPES[key]
    if (!type) continue
    const valid =
      type === 'number' ? typeof variable === 'number' && Number.isFinite(variable) : typeof variable === 'string'
    if (!valid) fail(`${path}['${rawKey}']`, `must be a ${type}`)
    result[key] = variable as string | number
  }
  return result as ThemeVariables
}

function validateIdList(input: Record<string, unknown>, path: string): string[] {
  const value = input[path]
  if (value === undefined) return []
  if (!Array.isArray(value)) fail(path, 'must be an array of wallet ids')
  value.forEach((id, index) => {
    if (!isNonEmptyString(id)) fail(`${path}[${index}]`, 'must be a non-empty string')
  })
  return [...new Set(value as string[])]
}

function validateEndpoints(value: unknown): Endpoints {
  if (value === undefined) return { ...DEFAULT_ENDPOINTS }
  if (!isRecord(value)) fail('endpoints', 'must be an object')
  const result: Endpoints = { ...DEFAULT_ENDPOINTS }
  for (const key of Object.keys(DEFAULT_ENDPOINTS) as (keyof Endpoints)[]) {
    const url = value[key]
    if (url === undefined) continue
    if (key === 'verify' && url === false) {
      result.verify = false
      continue
    }
    if (key === 'relay') {
      if (!isWsUrl(url)) fail(`endpoints.${key}`, 'must be a ws(s) URL')
    } else if (!isHttpUrl(url))
      fail(`endpoints.${key}`, key === 'verify' ? 'must be an http(s) URL or false' : 'must be an http(s) URL')
    // Paths are appended with a leading slash, so a trailing one would double up.
    result[key] = url.replace(/\/+$/, '')
  }
  return result
}

function validateProjectId(value: unknown): { projectId: string; projectIdMissing: boolean } {
  if (value === undefined || value === null) return { projectId: '', projectIdMissing: true }
  if (typeof value !== 'string') fail('projectId', 'must be a string')
  const projectId = value.trim()
  return { projectId, projectIdMissing: projectId === '' }
}

/**
 * Validates `createAppKit` options and fills in defaults. A missing project id does not throw: it
 * sets `projectIdMissing` so the caller can show the project-not-configured alert.
 *
 * @throws AppKitOptionsError naming the invalid option, e.g.
 * `networks[1].nativeCurrency.decimals must be an integer from 0 to 255`, or
 * 'Cannot set both `siweConfig` and `siwx` options'.
 * @example
 * ```ts
 * const resolved = validateOptions({ projectId: 'abc', networks: [mainnet, base] })
 * resolved.defaultNetwork // mainnet
 * ```
 */
export function validateOptions(input: unknown): ResolvedOptions {
  if (!isRecord(input)) fail('options', 'must be an object')
  if (input['siweConfig'] !== undefined && input['siwx'] !== undefined) {
    throw new AppKitOptionsError('siwx', 'Cannot set both `siweConfig` and `siwx` options')
  }
  for (const key of ['siweConfig', 'siwx'] as const) {
    if (input[key] !== undefined && (typeof input[key] !== 'object' || input[key] === null))
      fail(key, 'must be an object')
  }
  const siwx = input['siwx'] as Record<string, unknown> | undefined
  if (siwx) {
    for (const method of SIWX_METHODS) {
      if (typeof siwx[method] !== 'function' && (method !== 'getRequired' || siwx[method] !== undefined))
        fail(`siwx.${method}`, 'must be a function')
    }
    optionalBoolean(siwx['signOutOnDisconnect'], 'siwx.signOutOnDisconnect', false)
  }
  const networks = validateNetworks(input['networks'])
  let defaultNetwork = networks[0] as CaipNetwork
  if (input['defaultNetwork'] !== undefined) {
    const requested = validateNetwork(input['defaultNetwork'], 'defaultNetwork')
    const match = networks.find((network) => network.caipNetworkId === requested.caipNetworkId)
    if (!match) fail('defaultNetwork', `(${requested.caipNetworkId}) must be one of networks`)
    defaultNetwork = match
  }
  const basic = optionalOption(input, 'basic', false)
  const { features, overrides } = validateFeatures(input['features'], basic)
  const themeMode = input['themeMode'] ?? DEFAULT_THEME_MODE
  if (themeMode !== 'dark' && themeMode !== 'light') fail('themeMode', "must be 'dark' or 'light'")
  const nonce = input['nonce']
  if (nonce !== undefined && !isNonEmptyString(nonce)) fail('nonce', 'must be a non-empty string')
  return {
    ...validateProjectId(input['projectId']),
    networks,
    defaultNetwork,
    metadata: validateMetadata(input['metadata']),
    features,
    featureOverrides: overrides,
    basic,
    themeMode,
    themeVariables: validateThemeVariables(input['themeVariables']),
    siweConfig: input['siweConfig'] as object | undefined,
    siwx: siwx as SIWXConfig | undefined,
    featuredWalletIds: validateIdList(input, 'featuredWalletIds'),
    includeWalletIds: validateIdList(input, 'includeWalletIds'),
    excludeWalletIds: validateIdList(input, 'excludeWalletIds'),
    allowUnsupportedChain: optionalOption(input, 'allowUnsupportedChain', false),
    enableNetworkSwitch: optionalOption(input, 'enableNetworkSwitch', true),
    enableEmbedded: optionalOption(input, 'enableEmbedded', false),
    locale: validateLocale(input['locale']),
    messages: validateMessages(input['messages']),
    preloadOnIdle: optionalOption(input, 'preloadOnIdle', true),
    debug: optionalOption(input, 'debug', false),
    endpoints: validateEndpoints(input['endpoints']),
    nonce: nonce as string | undefined,
  }
}
