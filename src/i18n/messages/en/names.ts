/** Names (`alice.reown.id`). */
export default {
  intro: 'A name shows in place of your address, and others can send to it instead of the address.',
  name: 'Name',
  suggestions: 'Suggestions',
  taken: 'Taken',
  available: 'Available',
  registering: 'Registering…',
  register: 'Register',
  registered: 'Your name is registered. It now shows in place of your address.',
  noName: 'No name yet',
  chooseName: 'Choose a name',
  tooShort: 'Name must be at least 4 characters long',
  notValid: 'The value is not a valid username',
  alreadyOwned: 'You already own a name',
  // The name service's failures (its API client's texts).
  suggestionsFailed: 'Error fetching name suggestions',
  resolveFailed: 'Error resolving name',
  registerFailed: 'Error registering name {name}',
}
