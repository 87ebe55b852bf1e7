/**
 * Spec 000 §9: how the Cloud Account Posture page groups the environments the clouds' inventories
 * report. Pure, so the upstream (which counts in SQL by raw environment, then folds the few rows with
 * this rule), the web and the tests share one rule.
 *
 * - AWS: production includes root; Security and shared-services are counted on rows of their own.
 * - GCP: production includes sites and env; test includes staging.
 * - Azure: production includes online, github, igt, landingzones and platform; test includes
 *   decommissioned; development includes none.
 * Any other environment is a row of its own; a missing one is counted under NO_ENVIRONMENT.
 */
import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS } from '../constants.js'

export const POSTURE_PROVIDERS = ['AzureCloudParent', 'AwsCloudParent', 'GcpCloudParent'] as const
export type PostureProvider = (typeof POSTURE_PROVIDERS)[number]

/** What people call each cloud (the posture cards, the Cloud Providers pie). */
export const CLOUD_PROVIDER_LABELS: Record<string, string> = {
  AwsCloudParent: 'AWS',
  AzureCloudParent: 'Azure',
  GcpCloudParent: 'GCP',
}

/** The Business Unit multi-select of spec 000 §2: value and what people read; all six by default. */
export const POSTURE_BUSINESS_UNITS: readonly { value: (typeof BUSINESS_UNIT_OPTIONS)[number]; label: string }[] =
  BUSINESS_UNIT_OPTIONS.map((value) => ({ value, label: BUSINESS_UNIT_LABELS[value] }))

/** The row of an environment the inventory left empty. */
export const NO_ENVIRONMENT = 'not set'

/** Per cloud: the environments folded into a group (lower case), and the order its table lists groups in. */
const RULES: Record<PostureProvider, { groups: Record<string, readonly string[]>; order: readonly string[] }> = {
  AwsCloudParent: {
    groups: { production: ['production', 'root'], security: ['security'], 'shared-services': ['shared-services'] },
    order: ['production', 'development', 'test', 'sandbox', 'Security', 'shared-services'],
  },
  GcpCloudParent: {
    groups: { production: ['production', 'sites', 'env'], test: ['test', 'staging'] },
    order: ['production', 'development', 'test'],
  },
  AzureCloudParent: {
    groups: {
      production: ['production', 'online', 'github', 'igt', 'landingzones', 'platform'],
      test: ['test', 'decommissioned'],
      development: ['development', 'none'],
    },
    order: ['production', 'development', 'test'],
  },
}

/** The spec writes 'Security' with a capital; the table shows it as the spec does. */
const SHOWN: Record<string, string> = { security: 'Security' }

/** The posture row an environment is counted in, for one cloud. */
export function environmentGroup(provider: PostureProvider, environment: string | null | undefined): string {
  const env = (environment ?? '').trim().toLowerCase()
  if (env === '') return NO_ENVIRONMENT
  for (const [group, members] of Object.entries(RULES[provider].groups)) {
    if (members.includes(env)) return SHOWN[group] ?? group
  }
  return env
}

export interface EnvironmentCount {
  environment: string | null
  count: number
}

export interface PostureRow {
  environment: string
  count: number
}

/**
 * Folds counts by raw environment into the cloud's table: its named groups first, in the rule's order
 * (zero when none), then any other environment by name.
 */
export function groupEnvironments(provider: PostureProvider, counts: readonly EnvironmentCount[]): PostureRow[] {
  const totals = new Map<string, number>(RULES[provider].order.map((group) => [group, 0]))
  for (const { environment, count } of counts) {
    const group = environmentGroup(provider, environment)
    totals.set(group, (totals.get(group) ?? 0) + count)
  }
  const named = RULES[provider].order.length
  const rows = [...totals].map(([environment, count]) => ({ environment, count }))
  return [...rows.slice(0, named), ...rows.slice(named).sort((a, b) => a.environment.localeCompare(b.environment))]
}
