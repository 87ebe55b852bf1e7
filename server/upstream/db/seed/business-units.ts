import type { ModelSeed } from './types.js'

export const businessUnitsSeed: ModelSeed = {
  model: 'business_units',
  rows: [
    { name: 'Cloud Centre of Excellence', abbreviation: 'CCOE' },
    { name: 'Corporate', abbreviation: 'CORP' },
    { name: 'Gaming', abbreviation: 'GAM' },
    { name: 'Lottery', abbreviation: 'LOT' },
    { name: 'Digital & Betting', abbreviation: 'BET' },
    { name: 'Office of the CIO', abbreviation: 'CIO' },
  ],
}
