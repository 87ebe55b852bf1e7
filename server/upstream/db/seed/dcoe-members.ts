import type { ModelSeed } from './types.js'

export const dcoeMembersSeed: ModelSeed = {
  model: 'dcoe_members',
  rows: [
    {
      name: 'Alice Martin',
      email: 'alice.martin@example.com',
      department: 'Cloud Engineering',
      business_unit: 'CCOE',
      team: 'Core',
      teams_included: true,
      dl_included: true,
      blacklist: false,
    },
    {
      name: 'Bruno Rossi',
      email: 'bruno.rossi@example.com',
      department: 'Application Development',
      business_unit: 'GAM',
      team: 'Advisory',
      teams_included: true,
      dl_included: false,
      blacklist: false,
    },
    {
      name: 'Grace Lindqvist',
      email: 'grace.lindqvist@example.com',
      department: 'Other',
      other_department: 'Marketing Technology',
      business_unit: 'BET',
      team: 'Community',
      teams_included: false,
      dl_included: true,
      blacklist: false,
    },
    {
      name: 'Hiro Tanaka',
      email: 'hiro.tanaka@example.com',
      department: 'Network Services',
      business_unit: 'LOT',
      team: 'Community',
      teams_included: false,
      dl_included: false,
      blacklist: true,
    },
  ],
}
