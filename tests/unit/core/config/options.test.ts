import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_ENDPOINTS, DEFAULT_SOCIALS } from '../../../../src/core/constants'
import { AppKitOptionsError, validateOptions } from '../../../../src/core/config/options'
import { arbitrum as viemArbitrum, mainnet as viemMainnet } from 'viem/chains'
import { base, clone, mainnet, solana, validInput } from '../../helpers/fixtures'

function throwsOption(input: unknown, message: string, path?: string): void {
  try {
    validateOptions(input)
  } catch (error) {
    assert.instance(error, AppKitOptionsError)
    assert.is((error as Error).message, message)
    if (path) assert.is((error as AppKitOptionsError).path, path)
    return
  }
  assert.unreachable(`expected "${message}"`)
}

test('valid options resolve with the documented defaults', () => {
  const resolved = validateOptions(validInput())
  assert.is(resolved.projectId, 'test-project')
  assert.is(resolved.projectIdMissing, false)
  assert.equal(
    resolved.networks.map((n) => n.caipNetworkId),
    ['eip155:1', 'eip155:8453', solana.caipNetworkId],
  )
  assert.is(resolved.defaultNetwork.caipNetworkId, 'eip155:1')
  assert.is(resolved.themeMode, 'dark')
  assert.equal(resolved.themeVariables, {})
  assert.is(resolved.basic, false)
  assert.is(resolved.allowUnsupportedChain, false)
  assert.is(resolved.enableNetworkSwitch, true)
  assert.is(resolved.debug, false)
  assert.equal(resolved.endpoints, DEFAULT_ENDPOINTS)
  assert.equal(resolved.featuredWalletIds, [])
  // SPEC §9: local defaults (receive, send, analytics, all wallets on; the rest off) and remote defaults.
  const f = resolved.features
  assert.equal([f.receive, f.send, f.analytics, f.allWallets], [true, true, true, true])
  assert.equal([f.legalCheckbox, f.smartSessions, f.collapseWallets, f.pay], [false, false, false, false])
  assert.equal([f.email, f.swaps, f.onramp, f.history], [true, true, true, true])
  assert.equal(f.socials, ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  assert.equal(f.connectMethodsOrder, ['email', 'social', 'wallet'])
  assert.equal(resolved.featureOverrides, {})
})

test('a missing or blank projectId is flagged, not thrown', () => {
  const { projectId: _ignored, ...withoutId } = validInput()
  assert.is(validateOptions(withoutId).projectIdMissing, true)
  const blank = validateOptions(validInput({ projectId: '   ' }))
  assert.is(blank.projectIdMissing, true)
  assert.is(blank.projectId, '')
  assert.is(validateOptions(validInput({ projectId: ' abc ' })).projectId, 'abc')
  throwsOption(validInput({ projectId: 42 }), 'projectId must be a string', 'projectId')
})

test('siweConfig and siwx together are refused with the spec text', () => {
  throwsOption(validInput({ siweConfig: {}, siwx: {} }), 'Cannot set both `siweConfig` and `siwx` options')
  throwsOption(
    validInput({ siweConfig: {}, siwx: siwxConfig() }),
    'Cannot set both `siweConfig` and `siwx` options',
    'siwx',
  )
  throwsOption(validInput({ siwx: 'yes' }), 'siwx must be an object')
  throwsOption(validInput({ siwx: null }), 'siwx must be an object')
})

/** A complete siwx config: every method a function; `extra` adds or overrides fields. */
function siwxConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    createMessage: async () => ({}),
    addSession: async () => undefined,
    revokeSession: async () => undefined,
    setSessions: async () => undefined,
    getSessions: async () => [],
    ...extra,
  }
}

const SIWX_REQUIRED = ['createMessage', 'addSession', 'revokeSession', 'setSessions', 'getSessions'] as const

test('a complete siwx config is accepted and handed back as resolved.siwx, getRequired optional', () => {
  const withoutRequired = siwxConfig()
  assert.is(validateOptions(validInput({ siwx: withoutRequired })).siwx, withoutRequired)
  const withRequired = siwxConfig({ getRequired: () => true, signOutOnDisconnect: true })
  const resolved = validateOptions(validInput({ siwx: withRequired }))
  assert.is(resolved.siwx, withRequired)
  assert.is(resolved.siwx?.getRequired?.(), true)
  assert.is(resolved.siwx?.signOutOnDisconnect, true)
  assert.is(
    validateOptions(validInput({ siwx: siwxConfig({ signOutOnDisconnect: false }) })).siwx?.signOutOnDisconnect,
    false,
  )
  assert.is(validateOptions(validInput()).siwx, undefined, 'no siwx option: sign-in is off')
})

test('a siwx config written as a class (methods on the prototype) is accepted and keeps its methods', () => {
  class ServerSIWX {
    readonly calls: string[] = []
    async createMessage() {
      this.calls.push('createMessage')
      return {} as never
    }
    async addSession() {}
    async revokeSession() {}
    async setSessions() {}
    async getSessions(chainId: string, address: string) {
      this.calls.push(`getSessions ${chainId} ${address}`)
      return []
    }
    getRequired() {
      return false
    }
  }
  const instance = new ServerSIWX()
  const resolved = validateOptions(validInput({ siwx: instance }))
  assert.is(resolved.siwx, instance, 'the instance itself is kept, not a copy of its own fields')
  assert.equal(Object.keys(instance), ['calls'], 'no method is an own property')
  void resolved.siwx?.getSessions('eip155:1', '0xabc')
  assert.equal(instance.calls, ['getSessions eip155:1 0xabc'])
  assert.is(resolved.siwx?.getRequired?.(), false)
})

test('each missing or non-function siwx method is refused with its name', () => {
  for (const method of SIWX_REQUIRED) {
    const missing = siwxConfig()
    delete missing[method]
    throwsOption(validInput({ siwx: missing }), `siwx.${method} must be a function`, `siwx.${method}`)
    for (const wrong of [null, 'yes', {}, true, 1]) {
      throwsOption(
        validInput({ siwx: siwxConfig({ [method]: wrong }) }),
        `siwx.${method} must be a function`,
        `siwx.${method}`,
      )
    }
  }
  throwsOption(validInput({ siwx: {} }), 'siwx.createMessage must be a function', 'siwx.createMessage')
})

test('siwx.getRequired may be left out but, when given, must be a function', () => {
  throwsOption(
    validInput({ siwx: siwxConfig({ getRequired: true }) }),
    'siwx.getRequired must be a function',
    'siwx.getRequired',
  )
  throwsOption(
    validInput({ siwx: siwxConfig({ getRequired: false }) }),
    'siwx.getRequired must be a function',
    'siwx.getRequired',
  )
  throwsOption(
    validInput({ siwx: siwxConfig({ getRequired: null }) }),
    'siwx.getRequired must be a function',
    'siwx.getRequired',
  )
})

test('siwx.signOutOnDisconnect must be a boolean when given', () => {
  throwsOption(
    validInput({ siwx: siwxConfig({ signOutOnDisconnect: 'yes' }) }),
    'siwx.signOutOnDisconnect must be a boolean',
    'siwx.signOutOnDisconnect',
  )
  throwsOption(
    validInput({ siwx: siwxConfig({ signOutOnDisconnect: 1 }) }),
    'siwx.signOutOnDisconnect must be a boolean',
  )
})

test('options and networks must have the right top-level shape', () => {
  throwsOption(null, 'options must be an object')
  throwsOption('x', 'options must be an object')
  throwsOption(validInput({ networks: [] }), 'networks must be a non-empty array of networks', 'networks')
  throwsOption(validInput({ networks: mainnet }), 'networks must be a non-empty array of networks')
  throwsOption(validInput({ networks: [mainnet, 'base'] }), 'networks[1] must be an object', 'networks[1]')
})

test('every network field error names the index and the field', () => {
  const cases: [(n: Record<string, any>) => void, string][] = [
    [(n) => (n.id = -1), 'networks[1].id must be a non-negative integer or a non-empty string'],
    [
      (n) => (n.chainNamespace = 'tron'),
      'networks[1].chainNamespace must be one of eip155, solana, polkadot, bip122, cosmos',
    ],
    [(n) => (n.caipNetworkId = 'eip155:1'), 'networks[1].caipNetworkId must be "eip155:8453" (chainNamespace:id)'],
    [(n) => (n.name = ''), 'networks[1].name must be a non-empty string'],
    [(n) => (n.nativeCurrency = null), 'networks[1].nativeCurrency must be an object'],
    [(n) => (n.nativeCurrency.name = 3), 'networks[1].nativeCurrency.name must be a non-empty string'],
    [(n) => (n.nativeCurrency.symbol = ''), 'networks[1].nativeCurrency.symbol must be a non-empty string'],
    [(n) => (n.nativeCurrency.decimals = 256), 'networks[1].nativeCurrency.decimals must be an integer from 0 to 255'],
    [(n) => (n.nativeCurrency.decimals = 1.5), 'networks[1].nativeCurrency.decimals must be an integer from 0 to 255'],
    [(n) => (n.rpcUrls = {}), 'networks[1].rpcUrls.default must be an object'],
    [
      (n) => (n.rpcUrls.default.http = 'https://x'),
      'networks[1].rpcUrls.default.http must be an array of http(s) URLs',
    ],
    [(n) => (n.rpcUrls.default.http = ['ftp://x.org']), 'networks[1].rpcUrls.default.http[0] must be an http(s) URL'],
    [
      (n) => (n.rpcUrls.default.webSocket = ['https://x.org']),
      'networks[1].rpcUrls.default.webSocket[0] must be a ws(s) URL',
    ],
    [
      (n) => (n.blockExplorers = { default: { name: 'Scan', url: 'nope' } }),
      'networks[1].blockExplorers.default.url must be an http(s) URL',
    ],
    [
      (n) => (n.blockExplorers = { default: { name: '', url: 'https://scan.org' } }),
      'networks[1].blockExplorers.default.name must be a non-empty string',
    ],
    [(n) => (n.testnet = 'yes'), 'networks[1].testnet must be a boolean'],
  ]
  for (const [breakIt, message] of cases) {
    const broken = clone(base) as unknown as Record<string, any>
    breakIt(broken)
    throwsOption(validInput({ networks: [mainnet, broken] }), message)
  }
})

test('viem Chain objects (viem/chains) are accepted: eip155 and the CAIP-2 id derived, the rest kept', () => {
  const resolved = validateOptions(validInput({ networks: [viemMainnet, viemArbitrum], defaultNetwork: viemArbitrum }))
  assert.equal(
    resolved.networks.map((n) => [n.chainNamespace, n.caipNetworkId, n.name]),
    [
      ['eip155', 'eip155:1', 'Ethereum'],
      ['eip155', 'eip155:42161', 'Arbitrum One'],
    ],
  )
  assert.is(resolved.defaultNetwork.caipNetworkId, 'eip155:42161')
  // Fields viem has and SigKit does not read (contracts for multicall, ENS) stay on the network.
  assert.is(
    (resolved.networks[0] as unknown as typeof viemMainnet).contracts?.multicall3?.address,
    viemMainnet.contracts.multicall3.address,
  )
  assert.is((viemMainnet as Record<string, unknown>)['caipNetworkId'], undefined, "viem's object is not changed")
  // Mixed with SigKit's own, and the same chain twice counts once.
  assert.is(validateOptions(validInput({ networks: [viemMainnet, mainnet, solana] })).networks.length, 2)
  // A viem-like chain with a broken field is refused as any network is.
  throwsOption(
    validInput({ networks: [{ ...viemMainnet, rpcUrls: { default: { http: ['ws://x.org'] } } }] }),
    'networks[0].rpcUrls.default.http[0] must be an http(s) URL',
  )
  // No namespace and a string id: not a viem chain, so the namespace is what is missing.
  throwsOption(
    validInput({ networks: [{ ...viemMainnet, id: 'one' }] }),
    'networks[0].chainNamespace must be one of eip155, solana, polkadot, bip122, cosmos',
  )
})

test('duplicate networks are ignored, the first definition wins', () => {
  const renamed = { ...clone(mainnet), name: 'Mainnet again' }
  const resolved = validateOptions(validInput({ networks: [mainnet, base, renamed] }))
  assert.is(resolved.networks.length, 2)
  assert.is(resolved.networks[0]?.name, 'Ethereum')
})

test('defaultNetwork must be one of the networks and becomes the start network', () => {
  assert.is(validateOptions(validInput({ defaultNetwork: base })).defaultNetwork.caipNetworkId, 'eip155:8453')
  const optimism = { ...clone(base), id: 10, caipNetworkId: 'eip155:10', name: 'OP' }
  throwsOption(validInput({ defaultNetwork: optimism }), 'defaultNetwork (eip155:10) must be one of networks')
})

test('features are validated and explicit ones are recorded as overrides', () => {
  const resolved = validateOptions(
    validInput({ features: { email: false, socials: ['github', 'google', 'github'], pay: true } }),
  )
  assert.is(resolved.features.email, false)
  assert.equal(resolved.features.socials, ['github', 'google'])
  assert.is(resolved.features.pay, true)
  assert.equal(resolved.featureOverrides, { email: false, pay: true, socials: ['github', 'google'] })
  assert.is(validateOptions(validInput({ features: { socials: [] } })).features.socials, false)
  throwsOption(validInput({ features: { swaps: 'no' } }), 'features.swaps must be a boolean', 'features.swaps')
  throwsOption(
    validInput({ features: { socials: ['myspace'] } }),
    `features.socials[0] must be one of ${DEFAULT_SOCIALS.join(', ')}`,
  )
  throwsOption(
    validInput({ features: { socials: true } }),
    'features.socials must be false or an array of social providers',
  )
  throwsOption(
    validInput({ features: { connectMethodsOrder: ['wallet', 'wallet'] } }),
    'features.connectMethodsOrder must list connect methods (email, social, wallet), each at most once',
  )
  throwsOption(validInput({ features: [] }), 'features must be an object')
  assert.equal(
    validateOptions(validInput({ features: { connectMethodsOrder: ['wallet', 'email'] } })).features
      .connectMethodsOrder,
    ['wallet', 'email'],
  )
})

test('basic mode turns email, socials, swaps, onramp, history and branding off, even if set on', () => {
  const f = validateOptions(validInput({ basic: true, features: { email: true, swaps: true } })).features
  assert.equal(
    [f.email, f.socials, f.swaps, f.onramp, f.history, f.branding],
    [false, false, false, false, false, false],
  )
  assert.is(f.send, true, 'send is not a basic-mode feature')
  throwsOption(validInput({ basic: 1 }), 'basic must be a boolean')
})

test('endpoints replace hosted defaults one by one and must be URLs of the right kind', () => {
  const resolved = validateOptions(
    validInput({ endpoints: { walletApi: 'http://127.0.0.1:4000/', relay: 'ws://127.0.0.1:5555' } }),
  )
  assert.is(resolved.endpoints.walletApi, 'http://127.0.0.1:4000')
  assert.is(resolved.endpoints.relay, 'ws://127.0.0.1:5555')
  assert.is(resolved.endpoints.pulse, DEFAULT_ENDPOINTS.pulse)
  throwsOption(validInput({ endpoints: { api: 'not a url' } }), 'endpoints.api must be an http(s) URL')
  throwsOption(validInput({ endpoints: { relay: 'https://relay.example' } }), 'endpoints.relay must be a ws(s) URL')
})

test("endpoints.verify: WalletConnect's Verify service by URL, or false to turn it off", () => {
  assert.is(validateOptions(validInput()).endpoints.verify, 'https://verify.walletconnect.org')
  assert.is(
    validateOptions(validInput({ endpoints: { verify: 'http://127.0.0.1:5174/verify/' } })).endpoints.verify,
    'http://127.0.0.1:5174/verify',
  )
  assert.is(validateOptions(validInput({ endpoints: { verify: false } })).endpoints.verify, false)
  throwsOption(validInput({ endpoints: { verify: true } }), 'endpoints.verify must be an http(s) URL or false')
  throwsOption(validInput({ endpoints: { verify: 'ws://x' } }), 'endpoints.verify must be an http(s) URL or false')
})

test('theme, metadata, wallet ids and flags are validated', () => {
  const resolved = validateOptions(
    validInput({
      themeMode: 'light',
      themeVariables: { '--w3m-accent': '#ff0000', '--sk-z-index': 99, '--unknown': 'x' },
      metadata: {
        name: 'Demo',
        description: 'A demo',
        url: 'https://demo.example',
        icons: ['https://demo.example/icon.png'],
      },
      featuredWalletIds: ['a', 'b', 'a'],
      debug: true,
    }),
  )
  assert.is(resolved.themeMode, 'light')
  assert.equal(resolved.themeVariables, { '--sk-accent': '#ff0000', '--sk-z-index': 99 })
  assert.is(resolved.metadata?.name, 'Demo')
  assert.equal(resolved.featuredWalletIds, ['a', 'b'])
  assert.is(resolved.debug, true)
  throwsOption(validInput({ themeMode: 'blue' }), "themeMode must be 'dark' or 'light'")
  throwsOption(
    validInput({ themeVariables: { '--sk-z-index': '10' } }),
    "themeVariables['--sk-z-index'] must be a number",
  )
  throwsOption(
    validInput({ metadata: { name: 'x', description: '', url: 'demo', icons: [] } }),
    'metadata.url must be an http(s) URL',
  )
  throwsOption(validInput({ excludeWalletIds: [''] }), 'excludeWalletIds[0] must be a non-empty string')
  throwsOption(validInput({ enableNetworkSwitch: 'no' }), 'enableNetworkSwitch must be a boolean')
})

test("nonce: the page's CSP nonce, kept as given; anything but a non-empty string is refused", () => {
  assert.is(validateOptions(validInput()).nonce, undefined)
  assert.is(validateOptions(validInput({ nonce: 'r4nd0m+/=' })).nonce, 'r4nd0m+/=')
  for (const nonce of ['', 42, null, { value: 'x' }])
    throwsOption(validInput({ nonce }), 'nonce must be a non-empty string', 'nonce')
})

test('unknown option keys are ignored', () => {
  assert.not.throws(() => validateOptions(validInput({ adapters: [], someFutureOption: { a: 1 } })))
})

test.run()
