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
      <span>{list.length === 1 ? '1 smart session' : `${list.length} smart sessions`}</span>
      <TextButton type="button" onClick={() => pushView('SmartSessions')}>
        Manage sessions
      </TextButton>
    </QuietRow>
  )
}
