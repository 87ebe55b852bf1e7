import { sql } from 'drizzle-orm'
import { environmentGroup, POSTURE_PROVIDERS, type PostureProvider } from '../../../../shared/rules/posture.js'
import { DashboardMetaSchema, type DashboardMeta } from '../../../../shared/schemas/dashboard.js'
import type { ListParams } from '../../db/records/list-page.js'
import { rows, type Executor } from '../../db/records/rows.js'
import type { ListMetaExtension } from '../list-meta-extension.js'

const isProvider = (value: string): value is PostureProvider => (POSTURE_PROVIDERS as readonly string[]).includes(value)

/**
 * Spec 000 §3/§7: `GET cloud_parents` carries the dashboard counts in its meta. Every count is SQL
 * (count(*) and GROUP BY; the grouped rows are a handful, one per cloud and raw environment), and
 * they are computed only for the first page of the unfiltered list, the dashboards' call. Cost
 * centers are valid while not expired. Members are spec 000's, the team's Members Table (dcoe_members,
 * which the Members menu opens), not every member of spec 001's list.
 */
export async function dashboardMeta(db: Executor): Promise<DashboardMeta> {
  const [counts] = await rows<Omit<DashboardMeta, `cloud_${string}`>>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM cost_centers WHERE expired_at IS NULL OR expired_at > now()) AS valid_cost_center_count,
      (SELECT count(*)::int FROM cloud_parents) AS account_count,
      (SELECT count(*)::int FROM dcoe_members) AS member_count,
      (SELECT count(*)::int FROM cloud_projects) AS project_count`,
  )
  const byEnvironment = await rows<{ provider_type: string; environment: string | null; count: number }>(
    db,
    sql`SELECT provider_type, environment, count(*)::int AS count FROM cloud_parents GROUP BY provider_type, environment`,
  )
  const forms = await rows<{ cloud_form: string | null; count: number }>(
    db,
    sql`SELECT cloud_form, count(*)::int AS count FROM cloud_projects GROUP BY cloud_form ORDER BY cloud_form`,
  )
  const add = (into: Record<string, number>, key: string, n: number) => {
    into[key] = (into[key] ?? 0) + n
  }
  const deployments: Record<string, number> = {}
  const providers: Record<string, number> = {}
  for (const row of byEnvironment) {
    add(providers, row.provider_type, row.count)
    add(deployments, isProvider(row.provider_type) ? environmentGroup(row.provider_type, row.environment) : 'other', row.count)
  }
  const cloudForms: Record<string, number> = {}
  for (const row of forms) add(cloudForms, row.cloud_form ?? 'not set', row.count)
  return {
    ...counts,
    cloud_deployments_count: deployments,
    cloud_form_count: cloudForms,
    cloud_provider_count: providers,
  }
}

/**
 * The first page of the unfiltered list carries the dashboard counts; a filtered list, or a later page
 * (the gateway's CSV walks every page), carries only total, page, per_page. Measured on PostgreSQL at a
 * million cloud parents: the GROUP BY costs ~170 ms (a parallel scan), once per dashboard load.
 */
export const dashboardMetaExtension: ListMetaExtension = {
  properties: DashboardMetaSchema.properties,
  compute: (db: Executor, query: ListParams) =>
    // a cursor walk or an uncounted list (the gateway's CSV) is never the dashboards' call
    query.filters.length === 0 && query.page === 1 && !query.after && query.count !== 'none' ? dashboardMeta(db) : Promise.resolve({}),
}
