import type { ModelSeed } from './types.js'

const PROJECTS = [
  ['Player Portal Modernisation', 'Digital Platforms'],
  ['Sportsbook Pricing Engine', 'Digital & Betting IT'],
  ['Lottery Draw Platform', 'Lottery Systems'],
  ['Retail Terminal Telemetry', 'Lottery Systems'],
  ['Casino Floor Analytics', 'Gaming Technology'],
  ['Game Studio Build Farm', 'Gaming Technology'],
  ['Finance Data Warehouse', 'Corporate Applications'],
  ['HR Self Service', 'Corporate Applications'],
  ['Identity Consolidation', 'Information Security'],
  ['Security Log Lake', 'Information Security'],
  ['Landing Zone Foundation', 'Cloud Centre of Excellence'],
  ['Cost Reporting Pipeline', 'Cloud Centre of Excellence'],
  ['Network Hub and Spoke', 'Network Services'],
  ['Customer Data Platform', 'Digital Platforms'],
  ['Responsible Gaming Models', 'Data & Analytics'],
  ['Jackpot Service', 'Gaming Technology'],
  ['Instant Tickets Web', 'Lottery Systems'],
  ['Partner API Gateway', 'Enterprise Architecture'],
  ['Document Archive Migration', 'Corporate Applications'],
  ['Contact Centre AI', 'Digital Platforms'],
  ['Backup Vault', 'Cloud Operations'],
  ['Observability Stack', 'Cloud Operations'],
  ['Marketing Analytics', 'Data & Analytics'],
  ['Procurement Portal', 'Corporate Applications'],
  ['Mobile Wallet', 'Digital & Betting IT'],
  ['Disaster Recovery Site', 'Cloud Operations'],
  ['GitHub Runners', 'Cloud Centre of Excellence'],
  ['Sandbox Accounts', 'Cloud Centre of Excellence'],
] as const

const ENVIRONMENTS = ['production', 'development', 'test', 'production', 'staging', 'sandbox', 'production']
const FORMS = ['AWS Account Request', 'GCP Project Request', 'Azure Subscription Request']
const OWNERS = [
  'alice.martin@example.com',
  'bruno.rossi@example.com',
  'chloe.nguyen@example.com',
  'david.okafor@example.com',
  'emma.schultz@example.com',
]

export const cloudProjectsSeed: ModelSeed = {
  model: 'cloud_projects',
  rows: PROJECTS.map(([name, itOrgOwner], j) => ({
    name,
    // one default project per IT org: its first project in this list
    default_project: PROJECTS.findIndex(([, owner]) => owner === itOrgOwner) === j,
    environment: ENVIRONMENTS[j % ENVIRONMENTS.length],
    it_org_owner: itOrgOwner,
    cloud_form: FORMS[j % FORMS.length],
    cloud_contact_email: OWNERS[(j * 2) % OWNERS.length],
  })),
}
