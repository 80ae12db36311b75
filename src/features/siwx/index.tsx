import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { activeNamespace } from '../../core/state/account'
import { getResolvedOptions } from '../../core/config/appkit-state'
import { getNetworkState } from '../../core/state/network'
import { isSignInRequired, signInTarget } from './sign-in'
import { describeWalletError, isUserRejection } from '../../lib/wallet-errors'
import { shortAddress } from '../../ui/format'
import { Button } from '../../ui/kit/Button'
import { ErrorText, Heading, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { cancelSignIn, signIn } from './controller'
import { Account, Actions } from './styles'
import { translateText, translator } from '../../i18n/translate'
import siwxEn from '../../i18n/messages/en/siwx'
import commonEn from '../../i18n/messages/en/common'

const t = translator('siwx', siwxEn)
const c = translator('common', commonEn)

const ERROR_ID = 'sk-siwx-error'

/**
 * SIWXSignMessage: asks the visitor to sign the dapp's sign-in message. "Sign" asks the wallet;
 * "Cancel" closes (and disconnects when the dapp requires sign-in).
 * @internal
 */
export default function SIWXSignMessageView() {
  useSignals()
  const signing = useSignal(false)
  const cancelling = useSignal(false)
  const error = useSignal<string | undefined>(undefined)
  const namespace = activeNamespace.value
  const target = signInTarget(namespace)
  const network = namespace ? getNetworkState(namespace).caipNetwork.value : undefined
  const dappName = getResolvedOptions()?.metadata?.name || t('thisApp')
  const required = isSignInRequired()
  const busy = signing.value || cancelling.value

  const onSign = async () => {
    if (busy) return
    error.value = undefined
    signing.value = true
    try {
      await signIn()
    } catch (failure) {
      // A refusal already has its toast ('Signature declined'); other failures are said here.
      if (!isUserRejection(failure)) error.value = describeWalletError(failure)
    } finally {
      signing.value = false
    }
  }

  const onCancel = async () => {
    if (busy) return
    cancelling.value = true
    try {
      await cancelSignIn()
    } finally {
      cancelling.value = false
    }
  }

  return (
    <ViewBody centerText aria-describedby={error.value ? ERROR_ID : undefined}>
      <Heading>{t('wantsSignIn', { app: dappName })}</Heading>
      <Text tone="muted">{t('explain')}</Text>
      {target && (
        <Account>
          {t('onNetwork', { account: shortAddress(target.accountAddress), network: network?.name ?? '' })}
        </Account>
      )}
      {signing.value && (
        <Text tone="muted" role="status">
          {t('openWallet')}
        </Text>
      )}
      {required && <Text tone="muted">{t('required')}</Text>}
      {error.value && (
        <ErrorText id={ERROR_ID} role="alert" size="sm">
          {translateText(error.value)}
        </ErrorText>
      )}
      <Actions>
        <Button type="button" tone="quiet" busy={cancelling.value} onClick={onCancel}>
          {c('cancel')}
        </Button>
        <Button type="button" busy={signing.value} onClick={onSign}>
          {signing.value ? t('signing') : t('sign')}
        </Button>
      </Actions>
    </ViewBody>
  )
}
