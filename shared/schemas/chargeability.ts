/**
 * The Chargeability screen's call (issue 42 item 4): the cloud resources whose cost center cannot be
 * charged, why, and how many per business unit and provider, this month against last.
 */
import { Type, type Static } from '@sinclair/typebox'
import { VIRTUAL_MACHINE_PROVIDERS } from '../resources/virtual-machines.js'

/**
 * Why a resource cannot be charged, in the order the screen lists them: it names no cost center, or
 * one the portal does not know, or its cost center has expired, is not approved, or is owned by a
 * terminated cloud contact. A resource may have several (an expired cost center of a terminated owner).
 */
export const CHARGEABILITY_REASONS = ['missing', 'unknown', 'expired', 'not_approved', 'terminated_owner'] as const
export type ChargeabilityReason = (typeof CHARGEABILITY_REASONS)[number]

export const CHARGEABILITY_REASON_LABELS: Readonly<Record<ChargeabilityReason, string>> = {
  missing: 'Missing',
  unknown: 'Unknown',
  expired: 'Expired',
  not_approved: 'Not approved',
  terminated_owner: 'Terminated owner',
}

/**
 * The registry models whose records name a cost center. Cloud projects do not: spec 001 §3 gives them
 * no cost center, business unit or cloud, so there is nothing to judge them by.
 */
export const CHARGEABLE_KINDS = ['cloud_parents', 'virtual_machines'] as const
export type ChargeableKind = (typeof CHARGEABLE_KINDS)[number]

/** one cloud for both models: a cloud parent's AwsCloudParent is aws */
export const CHARGEABILITY_PROVIDERS = VIRTUAL_MACHINE_PROVIDERS

export const CHARGEABILITY_MAX_PER_PAGE = 1000

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)))

/** GET /chargeability?reason=expired&business_unit=<id>&provider=aws&kind=virtual_machines&page=1&per_page=50 */
export const ChargeabilityQuerySchema = Type.Object(
  {
    reason: Type.Optional(literals(CHARGEABILITY_REASONS)),
    business_unit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    provider: Type.Optional(literals(CHARGEABILITY_PROVIDERS)),
    kind: Type.Optional(literals(CHARGEABLE_KINDS)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: CHARGEABILITY_MAX_PER_PAGE })),
  },
  { additionalProperties: false },
)
export type ChargeabilityQuery = Static<typeof ChargeabilityQuerySchema>

/** the same filters for the CSV, which carries every row */
export const ChargeabilityCsvQuerySchema = Type.Omit(ChargeabilityQuerySchema, ['page', 'per_page'], { additionalProperties: false })

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()])

/** how many resources have each reason, and how many have any */
const ReasonCountsSchema = Type.Object({
  missing: Type.Integer(),
  unknown: Type.Integer(),
  expired: Type.Integer(),
  not_approved: Type.Integer(),
  terminated_owner: Type.Integer(),
  total: Type.Integer(),
})
export type ReasonCounts = Static<typeof ReasonCountsSchema>

/** one group: a model's resources of one business unit (null: none, or one the portal lacks) and cloud */
const CountGroupSchema = Type.Object({
  kind: literals(CHARGEABLE_KINDS),
  business_units_id: Nullable(Type.Integer()),
  business_unit_name: Nullable(Type.String()),
  provider: literals(CHARGEABILITY_PROVIDERS),
  counts: ReasonCountsSchema,
})
export type ChargeabilityCountGroup = Static<typeof CountGroupSchema>

/**
 * One page of the unchargeable resources (`data`, filtered), and every group's counts of the whole
 * estate (`meta.counts`, unfiltered: the screen sums what its filters select). `meta.previous`: last
 * month's counts as the portal last took them in that month (null when none was taken, see the call's
 * description).
 */
export const ChargeabilityAnswerSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      kind: literals(CHARGEABLE_KINDS),
      id: Type.Integer(),
      /** the cloud parent's identifier, the virtual machine's resource id */
      resource: Type.String(),
      name: Nullable(Type.String()),
      provider: literals(CHARGEABILITY_PROVIDERS),
      business_units_id: Nullable(Type.Integer()),
      business_unit_name: Nullable(Type.String()),
      /** the cost center as the resource names it (null: none) */
      cost_center: Nullable(Type.String()),
      /** its record, when the portal knows it */
      cost_center_id: Nullable(Type.Integer()),
      owner: Nullable(Type.String()),
      reasons: Type.Array(literals(CHARGEABILITY_REASONS), { minItems: 1 }),
    }),
  ),
  meta: Type.Object({
    /** this month (yyyy-MM), the clock's, UTC */
    month: Type.String(),
    count: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    counts: Type.Array(CountGroupSchema),
    previous: Type.Union([
      Type.Object({
        month: Type.String(),
        /** when that month's counts were taken (ISO) */
        taken_at: Type.String(),
        counts: Type.Array(CountGroupSchema),
      }),
      Type.Null(),
    ]),
  }),
})
export type ChargeabilityAnswer = Static<typeof ChargeabilityAnswerSchema>
export type UnchargeableResource = ChargeabilityAnswer['data'][number]
