/**
 * The one reset the unit tests call between tests. Core resets its own state (src/core/testing.ts);
 * the features, views and the embedded connector keep state core may not import, so their resets
 * are added here. No DOM: core-only tests use it too.
 */
import { settle } from '../../helpers/async'
import { resetEmbedded } from '../../../src/connectors/embedded'
import { closeModal } from '../../../src/core/modal/modal'
import { resetCoreState } from '../../../src/core/testing'
import { resetActivity } from '../../../src/features/activity/store'
import { resetOnramp } from '../../../src/features/onramp/controller'
import { resetPay } from '../../../src/features/pay/request'
import { resetSend } from '../../../src/features/send/controller'
import { resetNameForm } from '../../../src/features/names/controller'
import { resetNames } from '../../../src/features/names/store'
import { clearApiClientReplacements } from '../../../src/api/client'
import { resetSignIn } from '../../../src/features/siwx/sign-in'
import { resetSwap } from '../../../src/features/swaps/controller'
import { resetAccountTab } from '../../../src/ui/views/Account/Tabs'
import { resetPagedWallets } from '../../../src/headless/wallet-list'
import { resetHeadless } from '../../../src/headless'
import { resetLocale } from '../../../src/i18n/locales'

/**
 * Back to a page that never called createAppKit: the modal closed (as the visitor closes it, so a
 * mounted view unmounts and its effects end), then every feature, view, connector and core module
 * at its initial state.
 */
export async function resetAllState(): Promise<void> {
  closeModal()
  await settle()
  // Features first: their watchers (sign-in) would otherwise react to core's state going.
  resetSignIn()
  resetPay()
  resetSend()
  resetNameForm()
  resetNames()
  clearApiClientReplacements()
  resetSwap()
  resetOnramp()
  resetActivity()
  resetAccountTab()
  resetPagedWallets()
  resetHeadless()
  resetEmbedded()
  resetCoreState()
  resetLocale()
  await settle()
}
