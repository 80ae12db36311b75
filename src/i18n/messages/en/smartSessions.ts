/** Smart sessions. */
export default {
  count: { one: '{count} smart session', other: '{count} smart sessions' },
  manage: 'Manage sessions',
  none: 'No active smart sessions.',
  list: 'Smart sessions',
  noPermission: 'No permission listed',
  until: '{permissions} · until {date}',
  revokeLabel: 'Revoke the session of {name}',
  revoking: 'Revoking…',
  revoke: 'Revoke',
  revokeFailed: 'The session could not be revoked on this network',
}
