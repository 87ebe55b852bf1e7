import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { GcpFolderGroup } from '../../../../shared/schemas/cloud-requests.js'
import { rows } from '../../db/records/rows.js'
import { declaredRoute } from '../declared.js'

const { azureGroups, gcpFolders } = CALLS.requests.calls

/**
 * Where a new subscription or project may go (spec 000 §7), from the tables of migration 016:
 *   GET /azure-groups → {"data":["corp","online",…]}
 *   GET /gcp-folders  → {"data":[{"label":"Production","options":[{"label":"prod-apps","value":"1234…"}]}]}
 * Short reference lists (a few dozen rows): read whole, in name order.
 */
export const requestTargetRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db

  app.route({
    ...declaredRoute(azureGroups),
    handler: async () => {
      const groups = await rows<{ name: string }>(db(), sql`SELECT name FROM azure_groups ORDER BY name LIMIT 1000`)
      return { data: groups.map((g) => g.name) }
    },
  })

  app.route({
    ...declaredRoute(gcpFolders),
    handler: async () => {
      const folders = await rows<{ folder_id: string; name: string; group_label: string }>(
        db(),
        sql`SELECT folder_id, name, group_label FROM gcp_folders ORDER BY group_label, name LIMIT 1000`,
      )
      const groups = new Map<string, GcpFolderGroup>()
      for (const f of folders) {
        const group = groups.get(f.group_label) ?? { label: f.group_label, options: [] }
        group.options.push({ label: f.name, value: f.folder_id })
        groups.set(f.group_label, group)
      }
      return { data: [...groups.values()] }
    },
  })
}
