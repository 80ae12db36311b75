/**
 * SmartSessions: the connected account's smart sessions, each with the dapp it was granted to,
 * what it allows and when it ends, and a Revoke button (the wallet signs the revocation). LAZY:
 * declared in `./feature.ts`.
 */
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { List } from '../../ui/kit/rows'
import { SmallButton } from '../../ui/kit/SmallButton'
import { ErrorNote, Hint, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { loadSessions, revokeSession, revoking, sessions, sessionsError } from './store'
import { SessionRow } from './styles'
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import { intlLocale } from '../../ui/format'
import smartSessionsEn from '../../i18n/messages/en/smartSessions'

const t = translator('smartSessions', smartSessionsEn)
const shown = textTranslator('smartSessions', smartSessionsEn)

/** @internal */
export default function SmartSessionsView() {
  useSignals()
  useEffect(() => {
    void loadSessions()
  }, [])
  const list = sessions.value
  const error = sessionsError.value
  return (
    <ViewBody spacing="loose">
      {list && list.length === 0 && <Text tone="muted">{t('none')}</Text>}
      {list && list.length > 0 && (
        <List aria-label={t('list')}>
          {list.map((session) => (
            <SessionRow key={session.pci} data-session={session.pci}>
              <div>
                <Text>{session.project.name}</Text>
                <Hint>
                  {t('until', {
                    permissions:
                      session.permissions.map((permission) => permission.type).join(', ') || t('noPermission'),
                    date: new Date(session.expiry).toLocaleString(intlLocale()),
                  })}
                </Hint>
              </div>
              <SmallButton
                type="button"
                aria-label={t('revokeLabel', { name: session.project.name })}
                disabled={revoking.value !== undefined}
                aria-busy={revoking.value === session.pci}
                onClick={() => void revokeSession(session)}
              >
                {revoking.value === session.pci ? t('revoking') : t('revoke')}
              </SmallButton>
            </SessionRow>
          ))}
        </List>
      )}
      {error && <ErrorNote role="alert">{translateText(shown(error))}</ErrorNote>}
    </ViewBody>
  )
}
