import { useSignals } from '@preact/signals-react/runtime'
import { pushView } from '../../core/modal/router'
import { SocialLogo } from './icons'
import { SOCIAL_NAMES, useSocialLogin, visibleSocials } from './providers'
import { ErrorNote } from '../../ui/kit/text'
import { Dots, IconTile, Row, WideButton } from './styles'
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import socialEn from '../../i18n/messages/en/social'

const t = translator('social', socialEn)
const fromSocial = textTranslator('social', socialEn)

/** Icon buttons that fit in the row under the first provider. */
const ROW_SLOTS = 4

/**
 * The Connect view's social section (SPEC §2): the first provider as a wide "Continue with …"
 * button, then the next ones as icons in a row; when more remain than the row holds, its last
 * slot opens ConnectSocials with all of them. Its own chunk, loaded only when the project's
 * config turns socials on.
 * @internal
 */
export default function SocialSection() {
  useSignals()
  const { error, start } = useSocialLogin()
  const [first, ...rest] = visibleSocials()
  // Telegram may have filtered out every provider the project allows.
  if (!first) return null
  const more = rest.length > ROW_SLOTS
  const row = more ? rest.slice(0, ROW_SLOTS - 1) : rest
  return (
    <section data-method="social" aria-label={t('continueWithSocial')}>
      <WideButton type="button" onClick={() => start(first)}>
        <SocialLogo provider={first} />
        {t('continueWith', { provider: SOCIAL_NAMES[first] })}
      </WideButton>
      {rest.length > 0 && (
        <Row>
          {row.map((provider) => (
            <IconTile
              key={provider}
              type="button"
              aria-label={t('continueWith', { provider: SOCIAL_NAMES[provider] })}
              onClick={() => start(provider)}
            >
              <SocialLogo provider={provider} />
            </IconTile>
          ))}
          {more && (
            <IconTile type="button" aria-label={t('more')} onClick={() => pushView('ConnectSocials')}>
              <Dots aria-hidden="true">
                <i />
                <i />
                <i />
              </Dots>
            </IconTile>
          )}
        </Row>
      )}
      {error && <ErrorNote role="alert">{translateText(fromSocial(error))}</ErrorNote>}
    </section>
  )
}
