import { Type, type Static } from '@sinclair/typebox'

/** A count per value (a cloud, an environment group, a cloud form). */
export const CountsSchema = Type.Record(Type.String(), Type.Integer())

/**
 * Spec 000 §3 "Dashboard meta": what `GET cloud_parents` adds to its list meta when the list is
 * unfiltered (its first page). The four counts feed the Statistics cards, the three breakdowns the pie charts.
 */
export const DashboardMetaSchema = Type.Object({
  valid_cost_center_count: Type.Integer(),
  account_count: Type.Integer(),
  member_count: Type.Integer(),
  project_count: Type.Integer(),
  /** cloud parents by environment group (shared/rules/posture.ts), every cloud together */
  cloud_deployments_count: CountsSchema,
  /** cloud projects by their request form (cloud_form) */
  cloud_form_count: CountsSchema,
  /** cloud parents by provider_type */
  cloud_provider_count: CountsSchema,
})
export type DashboardMeta = Static<typeof DashboardMetaSchema>

/** GET cloud_parents/posture: per cloud, the total and the rows of its environment table. */
export const PostureSchema = Type.Object({
  data: Type.Object({
    business_units: Type.Array(Type.String()),
    clouds: Type.Array(
      Type.Object({
        provider_type: Type.String(),
        total: Type.Integer(),
        environments: Type.Array(Type.Object({ environment: Type.String(), count: Type.Integer() })),
      }),
    ),
  }),
})
export type Posture = Static<typeof PostureSchema>['data']
