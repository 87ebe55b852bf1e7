import { ChargeabilityAnswerSchema, ChargeabilityCsvQuerySchema, ChargeabilityQuerySchema } from '../schemas/chargeability.js'
import type { CallDomain } from './types.js'

/** Issue 42 item 4: tag compliance, the cloud resources that cannot be charged (across models, so no one model's). */
export const chargeabilityCalls = {
  calls: {
    unchargeable: {
      method: 'GET',
      role: 'viewer',
      path: 'chargeability',
      summary: 'Cloud resources whose cost center is missing, unknown, expired, not approved or has a terminated owner',
      description:
        'A page of the unchargeable resources (reasons: missing, unknown, expired, not_approved, terminated_owner; a resource may ' +
        'have several), filtered by reason, business_unit (id), provider (aws, gcp, azure) and kind (cloud_parents, virtual_machines); ' +
        'terminated cloud parents are left out. `meta.counts` holds, unfiltered, how many resources have each reason per kind, ' +
        'business unit and provider. Each read keeps these counts as this month’s (the clock’s month, UTC), so `meta.previous` ' +
        'is last month’s as last read in that month, with when it was taken, or null when nobody read them that month. ' +
        'Cloud projects carry no cost center (spec 001 §3) and are not judged.',
      query: ChargeabilityQuerySchema,
      answer: ChargeabilityAnswerSchema,
    },
    unchargeableCsv: {
      method: 'GET',
      role: 'viewer',
      path: 'chargeability/csv',
      summary: 'The unchargeable resources as CSV (text/csv), every row of the same filters',
      description: 'Takes the query of GET chargeability without paging and answers a CSV file (not JSON), in the same order.',
      query: ChargeabilityCsvQuerySchema,
    },
  },
} as const satisfies CallDomain
