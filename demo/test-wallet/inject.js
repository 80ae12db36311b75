// SigKit Test Wallet, browser side: the content script. Load it as a module right after the
// sandbox config, which tells it the chains and the account:
//
//   <script src="/sandbox-config.js"></script>
//   <script type="module" src="/test-wallet/inject.js"></script>
//
// It announces the wallet through EIP-6963, sets `window.ethereum` when nothing else did (unless
// the page URL has ?legacy=0) and exposes `window.sigkitTestWallet` for scripted tests.
import { installTestWallet } from './install.js'

// Loaded twice (two script tags, a hot reload) must not announce two wallets.
if (!window.sigkitTestWallet) installTestWallet(window)
