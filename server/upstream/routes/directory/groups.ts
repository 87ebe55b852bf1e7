import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { PRIVILEGED_GROUP_PREFIX, type AdCloud, type AdGroup } from '../../../../shared/schemas/active-directory.js'
import { rows } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { declaredRoute } from '../declared.js'

interface GroupsQuery {
  aws?: string
  azure?: string
  page: number
  per_page: number
  dormant?: 'true' | 'false'
  privileged?: 'true' | 'false'
  by_name?: string
}

function refuse(param: string, message: string): never {
  throw new HttpError(400, message, { [param]: message })
}

/** `?aws` → aws, `?azure` → azure, neither → gcp (spec 000 §7). */
function cloudOf(query: GroupsQuery): AdCloud {
  if (query.aws !== undefined && query.azure !== undefined) refuse('azure', 'Ask for the groups of one cloud: aws or azure')
  return query.aws !== undefined ? 'aws' : query.azure !== undefined ? 'azure' : 'gcp'
}

const grantsNothing = sql`(g.ad_permission_set_id IS NULL AND NOT EXISTS (SELECT 1 FROM gcp_ad_permission_set_mappings m WHERE m.ad_group_id = g.id))`
const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&')

function whereOf(cloud: AdCloud, query: GroupsQuery): SQL {
  const conditions: SQL[] = [sql`g.cloud = ${cloud}`]
  if (query.dormant === 'true') conditions.push(grantsNothing)
  if (query.dormant === 'false') conditions.push(sql`NOT ${grantsNothing}`)
  if (query.privileged === 'true') {
    if (cloud !== 'aws') refuse('privileged', 'Privileged access groups are AWS groups')
    conditions.push(sql`g.name LIKE ${`${escapeLike(PRIVILEGED_GROUP_PREFIX)}%`}`)
  }
  if (query.by_name) conditions.push(sql`g.name ILIKE ${`%${escapeLike(query.by_name)}%`}`)
  return sql.join(conditions, sql` AND `)
}

/** A permission set as JSON, from the row `ps`. */
const permissionSetJson = sql`json_build_object('id', ps.id, 'name', ps.name, 'arn', ps.arn, 'description', ps.description,
  'duration', ps.duration, 'managed_policy', ps.managed_policy, 'inline_policy', ps.inline_policy, 'relay', ps.relay)`

const people = (role: 'member' | 'owner') =>
  sql`COALESCE((SELECT json_agg(p.email ORDER BY lower(p.email)) FROM ad_group_people p WHERE p.ad_group_id = g.id AND p.role = ${role}), '[]'::json)`

/**
 * GET /ad/groups?aws | ?azure | (none: GCP) &dormant=true|false &privileged=true &by_name=… &page &per_page
 *   → 200 {"data":[AdGroup…],"meta":{"total","page","per_page"}}, by name.
 * dormant=true: the groups that grant no permission set; false: those that grant one; absent: all.
 * privileged=true (AWS only): the groups named APP_AWS_PIM…. The page's ids come from the filters
 * and the (cloud, lower(name), id) index; members, owners, cloud parents and permission sets are read
 * for that page only.
 */
export const groupsRoute: FastifyPluginAsync = async (app) => {
  app.route<{ Querystring: GroupsQuery }>({
    ...declaredRoute(CALLS.directory.calls.groups),
    handler: async (request) => {
      const query = request.query
      const cloud = cloudOf(query)
      const where = whereOf(cloud, query)
      const db = app.database.db
      const offset = (query.page - 1) * query.per_page
      const data = await rows<AdGroup>(
        db,
        sql`WITH page AS (
              SELECT g.id FROM ad_groups g WHERE ${where}
              ORDER BY lower(g.name), g.id LIMIT ${query.per_page} OFFSET ${offset}
            )
            SELECT g.id, g.name, g.ad_permission_set_id,
              ${people('member')} AS members,
              ${people('owner')} AS owners,
              COALESCE((SELECT json_agg(json_build_object('name', c.name, 'id', c.identifier) ORDER BY lower(c.name), c.id)
                        FROM ad_group_cloud_parents gc JOIN cloud_parents c ON c.id = gc.cloud_parent_id
                        WHERE gc.ad_group_id = g.id), '[]'::json) AS cloud_parents,
              (SELECT ${permissionSetJson} FROM ad_permission_sets ps WHERE ps.id = g.ad_permission_set_id) AS permission_set,
              COALESCE((SELECT json_agg(json_build_object('id', m.id, 'ad_permission_set_id', m.ad_permission_set_id,
                                          'permission_set', ${permissionSetJson}) ORDER BY lower(ps.name), m.id)
                        FROM gcp_ad_permission_set_mappings m JOIN ad_permission_sets ps ON ps.id = m.ad_permission_set_id
                        WHERE m.ad_group_id = g.id), '[]'::json) AS gcp_ad_permission_set_mappings
            FROM page JOIN ad_groups g ON g.id = page.id
            ORDER BY lower(g.name), g.id`,
      )
      // a short page is counted by arithmetic; a full one asks the database
      const total =
        data.length < query.per_page && (data.length > 0 || query.page === 1)
          ? offset + data.length
          : (await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ad_groups g WHERE ${where}`))[0].total
      return { data, meta: { total, page: query.page, per_page: query.per_page } }
    },
  })
}
