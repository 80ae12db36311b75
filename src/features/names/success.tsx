/**
 * RegisterAccountNameSuccess (SPEC §2): the name just registered, now the account's profile name.
 * LAZY: declared in `./feature.ts`.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { goBack } from '../../core/modal/router'
import { getAccountState } from '../../core/state/account'
import { isImageUrl } from '../../lib/validate'
import { Button } from '../../ui/kit/Button'
import { Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { nameForm } from './controller'
import { ChosenName, Picture } from './styles'
import { translator } from '../../i18n/translate'
import namesEn from '../../i18n/messages/en/names'
import commonEn from '../../i18n/messages/en/common'

const t = translator('names', namesEn)
const c = translator('common', commonEn)

/**
 * What the visitor registered, and back to the account.
 * @internal
 */
export default function RegisterAccountNameSuccess() {
  useSignals()
  const state = getAccountState('eip155')
  const name = nameForm.registered.value ?? state.profileName.value
  const image = state.profileImage.value
  return (
    <ViewBody centered centerText spacing="loose">
      {image && isImageUrl(image) && <Picture src={image} alt="" width={64} height={64} />}
      <ChosenName data-name="">{name}</ChosenName>
      <Text tone="muted" role="status">
        {t('registered')}
      </Text>
      <Button type="button" wide onClick={goBack}>
        {c('done')}
      </Button>
    </ViewBody>
  )
}
