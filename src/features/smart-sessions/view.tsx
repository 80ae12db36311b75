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
      {list && list.length === 0 && <Text tone="muted">No active smart sessions.</Text>}
      {list && list.length > 0 && (
        <List aria-label="Smart sessions">
          {list.map((session) => (
            <SessionRow key={session.pci} data-session={session.pci}>
              <div>
                <Text>{session.project.name}</Text>
                <Hint>
                  {session.permissions.map((permission) => permission.type).join(', ') || 'No permission listed'}
                  {' · until '}
                  {new Date(session.expiry).toLocaleString()}
                </Hint>
              </div>
              <SmallButton
                type="button"
                aria-label={`Revoke the session of ${session.project.name}`}
                disabled={revoking.value !== undefined}
                aria-busy={revoking.value === session.pci}
                onClick={() => void revokeSession(session)}
              >
                {revoking.value === session.pci ? 'Revoking…' : 'Revoke'}
              </SmallButton>
            </SessionRow>
          ))}
        </List>
      )}
      {error && <ErrorNote role="alert">{error}</ErrorNote>}
    </ViewBody>
  )
}
