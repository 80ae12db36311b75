// The dapp page of the embedded-wallet integration test, bundled by esbuild when the test starts:
// SigKit from source with its modal (React), set up from the sandbox exactly as the demo pages do,
// and a handle on window for the tests to drive it (harness.ts serves it).
import { createAppKitWith } from '../../../src/app-kit'
import * as embedded from '../../../src/connectors/embedded'
import * as social from '../../../src/connectors/embedded/social'
import * as embeddedAccount from '../../../src/connectors/embedded/account'
import * as flow from '../../../src/features/social/flow'
import { finishLogin } from '../../../src/features/email/finish-login'
import { getAccountSnapshot } from '../../../src/core/state/account'
import { modalState } from '../../../src/core/modal/modal'
import { currentView } from '../../../src/core/modal/router'
import { toastState } from '../../../src/core/modal/toasts'
import { alertState } from '../../../src/core/modal/alerts'
import { getWalletProvider } from '../../../src/core/wallet/connect'
import { refreshBalances } from '../../../src/core/wallet/balances'
import type { ChainNamespace } from '../../../src/core/types'
import { sandboxOptions } from '../../../demo/app/sandbox-options.js'

const frameReplies: string[] = []
globalThis.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type
  if (typeof type === 'string' && type.startsWith('@w3m-frame/')) frameReplies.push(type.slice('@w3m-frame/'.length))
})

const options = sandboxOptions((globalThis as { __SIGKIT_SANDBOX__?: unknown }).__SIGKIT_SANDBOX__)
const appKit = createAppKitWith(() => undefined)({ ...(options as any), preloadOnIdle: false })

/** What the test reaches from the page. */
const handle = {
  appKit,
  embedded,
  social,
  embeddedAccount,
  flow,
  /** What the email and social sections do once the frame accepted a login: core connects it. */
  finishLogin,
  account: (namespace: ChainNamespace) => {
    const { address, status, user } = getAccountSnapshot(namespace)
    return { address, status, user }
  },
  /** More of the account: how the visitor signed in and as which account type. */
  accountDetails: (namespace: ChainNamespace) => {
    const { connectedWalletInfo, preferredAccountType, allAccounts } = getAccountSnapshot(namespace)
    return { connectedWalletInfo, preferredAccountType, allAccounts }
  },
  /** A forced balance refresh (as after a send), then the token list. */
  refreshBalances,
  /** The token list the Account view shows: `SYMBOL numeric` lines. */
  tokens: (namespace: ChainNamespace) =>
    getAccountSnapshot(namespace).tokenBalance.map((token) => `${token.symbol} ${token.quantity.numeric}`),
  /** The dapp's provider, as useAppKitProvider hands it out. */
  request: async (namespace: ChainNamespace, method: string, params?: unknown) => {
    const found = await getWalletProvider(namespace)
    if (!found) throw new Error(`not connected on ${namespace}`)
    return found.provider.request({ method, params })
  },
  modal: () => ({ open: modalState.open.value, view: currentView.value, toast: toastState.message.value }),
  /** The alert on screen, if any. */
  alert: () => (alertState.open.value ? { code: alertState.code.value, message: alertState.message.value } : undefined),
  /** What the account state knows about the embedded account beyond its address. */
  accountFacts: (namespace: ChainNamespace) => {
    const { smartAccountDeployed, addressLabels, addressExplorerUrl, caipAddress } = getAccountSnapshot(namespace)
    return { smartAccountDeployed, addressLabels: Object.fromEntries(addressLabels), addressExplorerUrl, caipAddress }
  },
  /** The types of the frame's replies the page received, in order (what the widget asked). */
  frameReplies,
}
;(globalThis as { sk?: typeof handle }).sk = handle
