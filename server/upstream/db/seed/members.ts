import type { ModelSeed } from './types.js'

export const membersSeed: ModelSeed = {
  model: 'members',
  rows: [
    {
      name: 'Alice Martin',
      email: 'alice.martin@example.com',
      team: 'Core',
      blacklist: false,
      business_units_id: 'Cloud Centre of Excellence',
      departments_id: 'Cloud Engineering',
    },
    {
      name: 'Bruno Rossi',
      email: 'bruno.rossi@example.com',
      team: 'Advisory',
      blacklist: false,
      business_units_id: 'Gaming',
      departments_id: 'Application Development',
    },
    {
      name: 'Chloe Nguyen',
      email: 'chloe.nguyen@example.com',
      team: 'Community',
      blacklist: false,
      business_units_id: 'Lottery',
      departments_id: 'Data & Analytics',
    },
    {
      name: 'Farid Haddad',
      email: 'farid.haddad@example.com',
      team: 'Core',
      blacklist: false,
      business_units_id: 'Office of the CIO',
      departments_id: 'Information Security',
    },
  ],
}
