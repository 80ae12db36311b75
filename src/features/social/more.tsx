import { useSignals } from '@preact/signals-react/runtime'
import { SocialLogo } from './icons'
import { SOCIAL_NAMES, useSocialLogin, visibleSocials } from './providers'
import { ErrorNote } from '../../ui/kit/text'
import { Grid, GridButton } from './styles'
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import socialEn from '../../i18n/messages/en/social'

const t = translator('social', socialEn)
const fromSocial = textTranslator('social', socialEn)

/**
 * The ConnectSocials view: every provider the section offers (the ones its row had no room for
 * too), as a grid of logo and name. A click starts the login as in the section.
 * @internal
 */
export default function ConnectSocials() {
  useSignals()
  const { error, start } = useSocialLogin()
  return (
    <>
      <Grid aria-label={t('socialLogins')}>
        {visibleSocials().map((provider) => (
          <li key={provider}>
            <GridButton type="button" onClick={() => start(provider)}>
              <SocialLogo provider={provider} size={32} />
              {SOCIAL_NAMES[provider]}
            </GridButton>
          </li>
        ))}
      </Grid>
      {error && <ErrorNote role="alert">{translateText(fromSocial(error))}</ErrorNote>}
    </>
  )
}
