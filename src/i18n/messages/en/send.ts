/** Send. */
export default {
  token: 'Token',
  selectToken: 'Select a token',
  available: '{amount} available',
  receiver: 'Receiver address',
  receiverPlaceholder: '0x… or name.reown.id',
  solanaPlaceholder: 'Solana address',
  lookingUp: 'Looking up {name}…',
  send: 'Send',
  sending: 'Sending…',
  sent: 'Transaction sent',
  missingFields: 'An amount and receiver address are required',
  missingToken: 'A token is required',
  unsupportedChain: 'Unsupported chain',
  invalidReceiver: 'Enter a valid receiver address',
  invalidAmount: 'Enter an amount greater than zero',
  reverted: 'The transaction was reverted',
}
