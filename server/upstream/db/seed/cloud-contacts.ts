import type { ModelSeed } from './types.js'

export const cloudContactsSeed: ModelSeed = {
  model: 'cloud_contacts',
  rows: [
    { email: 'alice.martin@example.com', name: 'Alice Martin', terminated: false },
    { email: 'bruno.rossi@example.com', name: 'Bruno Rossi', terminated: false },
    { email: 'chloe.nguyen@example.com', name: 'Chloe Nguyen', terminated: false },
    { email: 'david.okafor@example.com', name: 'David Okafor', terminated: false },
    { email: 'emma.schultz@example.com', name: 'Emma Schultz', terminated: true },
  ],
}
