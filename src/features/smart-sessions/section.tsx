/**
 * The Account view's line for an EVM account that has granted smart sessions: how many, and the
 * way to the list. It loads the list when the Account view shows; nothing shows without sessions.
 */
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { pushView } from '../../core/modal/router'
import { QuietRow } from '../../ui/kit/ActionRow'
import { TextButton } from '../../ui/kit/TextButton'
import { currentAccount, loadSessions, sessions, sessionsAccount } from './store'
import { translator } from '../../i18n/translate'
import smartSessionsEn from '../../i18n/messages/en/smartSessions'

const t = translator('smartSessions', smartSessionsEn)

/** @internal */
export default function SmartSessionsSection() {
  useSignals()
  useEffect(() => {
    void loadSessions()
  }, [])
  const list = sessionsAccount.value === currentAccount() ? sessions.value : undefined
  if (!list || list.length === 0) return null
  return (
    <QuietRow data-smart-sessions="">
      <span>{t('count', { count: list.length })}</span>
      <TextButton type="button" onClick={() => pushView('SmartSessions')}>
        {t('manage')}
      </TextButton>
    </QuietRow>
  )
}
