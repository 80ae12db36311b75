/** Copies an address to the clipboard and says whether it worked (Account's copy button, Receive). */
import { showErrorToast, showSuccessToast } from '../../core/modal/toasts'
import { translator } from '../../i18n/translate'
import commonEn from '../../i18n/messages/en/common'

const c = translator('common', commonEn)

/**
 * Writes `address` to the clipboard, then shows 'Address copied', or 'Could not copy the address'
 * when the browser refuses (permissions, an insecure context): never a silent failure.
 * @internal
 */
export async function copyAddress(address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address)
    showSuccessToast(c('addressCopied'))
  } catch {
    showErrorToast(c('copyAddressFailed'))
  }
}
