import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { BUSINESS_UNIT_OPTIONS } from '../../../../shared/constants.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { groupEnvironments, POSTURE_PROVIDERS } from '../../../../shared/rules/posture.js'
import type { Posture } from '../../../../shared/schemas/dashboard.js'
import { rows } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { declaredRoute } from '../declared.js'

/** `CCOE,GAM` → the named business units; absent → all six; '' → none. An unknown one is a 400. */
export function businessUnitsOf(raw: string | undefined): string[] {
  if (raw === undefined) return [...BUSINESS_UNIT_OPTIONS]
  const units = [
    ...new Set(
      raw
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  ]
  const unknown = units.filter((u) => !(BUSINESS_UNIT_OPTIONS as readonly string[]).includes(u))
  if (unknown.length) {
    const message = `Unknown business unit "${unknown[0]}": one of ${BUSINESS_UNIT_OPTIONS.join(', ')}`
    throw new HttpError(400, message, { business_units: message })
  }
  return BUSINESS_UNIT_OPTIONS.filter((u) => units.includes(u))
}

/**
 * GET /cloud_parents/posture?business_units=CCOE,GAM → 200 {"data":{"business_units":[…],"clouds":[
 *   {"provider_type":"AzureCloudParent","total":N,"environments":[{"environment":"production","count":n},…]},…]}}
 * The Cloud Account Posture page (spec 000 §2, §9): the cloud parents still in use (not terminated)
 * of the chosen business units, counted in SQL by cloud and raw environment (one GROUP BY that
 * migration 014's partial index answers from the index alone), then folded by the shared rule.
 */
export const postureRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app) => {
  app.route<{ Querystring: { business_units?: string } }>({
    ...declaredRoute(CALLS.cloudParents.calls.posture),
    handler: async (request) => {
      const units = businessUnitsOf(request.query.business_units)
      const counted = units.length
        ? await rows<{ provider_type: string; environment: string | null; count: number }>(
            app.database.db,
            sql`SELECT provider_type, environment, count(*)::int AS count FROM cloud_parents
                WHERE terminated IS NOT TRUE AND business_unit_name IN (${sql.join(
                  units.map((u) => sql`${u}`),
                  sql`, `,
                )})
                GROUP BY provider_type, environment`,
          )
        : []
      const clouds: Posture['clouds'] = POSTURE_PROVIDERS.map((provider) => {
        const mine = counted.filter((r) => r.provider_type === provider)
        return {
          provider_type: provider,
          total: mine.reduce((sum, r) => sum + r.count, 0),
          environments: groupEnvironments(provider, mine),
        }
      })
      return { data: { business_units: units, clouds } }
    },
  })
}
