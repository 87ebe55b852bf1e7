import { BUSINESS_UNIT_OPTIONS } from '../../../../shared/constants.js'
import type { ModelSeed } from './types.js'

type BusinessUnit = (typeof BUSINESS_UNIT_OPTIONS)[number]
type Provider = 'AwsCloudParent' | 'GcpCloudParent' | 'AzureCloudParent'

/** How many demo cloud parents each cloud has (AWS accounts, Azure subscriptions, GCP projects). */
export const DEMO_CLOUD_PARENT_COUNTS = { AwsCloudParent: 150, AzureCloudParent: 120, GcpCloudParent: 90 } as const

/**
 * The environments spec 000 §9 groups on the posture page, production the most common: AWS has the
 * OU names (sandbox, development, test, production) plus root, Security and shared-services; GCP's
 * production includes sites and env, its test staging; Azure's production includes online, github,
 * igt, landingzones and platform, its test decommissioned, its development none.
 */
const ENVIRONMENTS: Record<Provider, readonly string[]> = {
  AwsCloudParent: [
    'production',
    'development',
    'production',
    'test',
    'sandbox',
    'production',
    'root',
    'development',
    'Security',
    'production',
    'shared-services',
    'test',
  ],
  GcpCloudParent: ['production', 'development', 'sites', 'test', 'production', 'env', 'staging', 'development', 'production', 'test'],
  AzureCloudParent: [
    'production',
    'online',
    'development',
    'github',
    'igt',
    'test',
    'landingzones',
    'platform',
    'production',
    'decommissioned',
    'none',
    'development',
  ],
}

/** Gaming and lottery run most of the estate; the CCoE and the CIO's office the fewest. */
const BUSINESS_UNITS: readonly BusinessUnit[] = ['GAM', 'LOT', 'CORP', 'GAM', 'BET', 'LOT', 'GAM', 'CIO', 'BET', 'CORP', 'LOT', 'CCOE']

/** The demo business units' names (seed/business-units.ts), for lookups by name. */
export const BUSINESS_UNIT_NAMES: Record<BusinessUnit, string> = {
  CCOE: 'Cloud Centre of Excellence',
  CORP: 'Corporate',
  GAM: 'Gaming',
  LOT: 'Lottery',
  BET: 'Digital & Betting',
  CIO: 'Office of the CIO',
}

/** Each business unit's demo cost center (seed/cost-centers.ts); the CIO's office has none yet. */
export const BUSINESS_UNIT_COST_CENTERS: Record<BusinessUnit, string | null> = {
  CCOE: '1000-CCOE-01',
  CORP: 'WBS-CORP-2024-01',
  GAM: '3100-GAM-07',
  LOT: '2000-LOT-12',
  BET: '4100-BET-03',
  CIO: null,
}

const WORKLOADS = [
  'payments',
  'analytics',
  'web',
  'data-lake',
  'identity',
  'reporting',
  'crm',
  'player-portal',
  'draw-engine',
  'sportsbook',
  'ml',
  'edge',
  'backoffice',
  'search',
  'iot',
]

const DEPARTMENTS = [
  'Cloud Engineering',
  'Application Development',
  'Data & Analytics',
  'Cloud Operations',
  'Information Security',
  'Network Services',
  'Enterprise Architecture',
  'IT Service Management',
]

/** Owners among the demo cloud contacts; Emma Schultz's contact is terminated, so are her cloud parents. */
const OWNERS = [
  'alice.martin@example.com',
  'bruno.rossi@example.com',
  'chloe.nguyen@example.com',
  'david.okafor@example.com',
  'alice.martin@example.com',
  'chloe.nguyen@example.com',
  'bruno.rossi@example.com',
  'david.okafor@example.com',
  'emma.schultz@example.com',
]
const TERMINATED_OWNER = 'emma.schultz@example.com'

const CLOUD_NAMES: Record<Provider, string> = { AwsCloudParent: 'aws', GcpCloudParent: 'gcp', AzureCloudParent: 'azure' }

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').slice(-width)

/** A deterministic Azure subscription id: a UUID-shaped string from the row number. */
function subscriptionId(j: number): string {
  const a = ((j + 1) * 2654435761) >>> 0
  const b = ((j + 1) * 40503 * 65599) >>> 0
  return `${hex(a, 8)}-${hex(b, 4)}-4${hex(b >>> 16, 3)}-8${hex(a >>> 20, 3)}-${hex(a ^ b, 8)}${hex(j, 4)}`
}

function identifierOf(provider: Provider, j: number, slug: string): string {
  if (provider === 'AwsCloudParent') return String(402117530000 + j * 104729).padStart(12, '0')
  if (provider === 'GcpCloudParent') return `${slug}-${String(j).padStart(3, '0')}`
  return subscriptionId(j)
}

export interface DemoCloudParent {
  provider_type: Provider
  identifier: string
  name: string
  email: string
  cloud_contact_email: string
  business_unit_name: BusinessUnit
  department: string
  environment: string
  cost_center: string | null
  terminated: boolean
  billing_contact: string
  security_contact: string
  operations_contact: string
}

/** The demo cloud parents: a fixed loop over each cloud's count, no randomness. */
export function demoCloudParents(): DemoCloudParent[] {
  const parents: DemoCloudParent[] = []
  for (const provider of ['AwsCloudParent', 'AzureCloudParent', 'GcpCloudParent'] as const) {
    const environments = ENVIRONMENTS[provider]
    for (let j = 0; j < DEMO_CLOUD_PARENT_COUNTS[provider]; j++) {
      const businessUnit = BUSINESS_UNITS[j % BUSINESS_UNITS.length]
      // each dozen rows shifts the cycles by one, so no business unit is tied to one environment or owner
      const shift = Math.floor(j / BUSINESS_UNITS.length)
      const environment = environments[(j * 7 + shift) % environments.length]
      const workload = WORKLOADS[(j * 4 + shift) % WORKLOADS.length]
      const slug = `${businessUnit.toLowerCase()}-${workload}-${environment.toLowerCase()}`
      const owner = OWNERS[(j * 4 + shift) % OWNERS.length]
      parents.push({
        provider_type: provider,
        identifier: identifierOf(provider, j, slug),
        name: slug,
        email: `${CLOUD_NAMES[provider]}+${slug}-${j}@example.com`,
        cloud_contact_email: owner,
        business_unit_name: businessUnit,
        department: DEPARTMENTS[(j * 3 + shift) % DEPARTMENTS.length],
        environment,
        // a few gaming accounts name their cost center as an inventory mistyped it: the Chargeability screen's unknown ones
        cost_center: j % 60 === 30 ? '3100-GAM-7' : BUSINESS_UNIT_COST_CENTERS[businessUnit],
        terminated: owner === TERMINATED_OWNER,
        billing_contact: 'finops@example.com',
        security_contact: 'security@example.com',
        operations_contact: `ops-${businessUnit.toLowerCase()}@example.com`,
      })
    }
  }
  return parents
}

export const cloudParentsSeed: ModelSeed = {
  model: 'cloud_parents',
  rows: demoCloudParents().map((p) => ({ ...p })),
}
