import { Type, type Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { fieldOf, getResource, type ResourceDef } from '../../../../shared/resources/index.js'
import { upsertMany } from '../../db/records/bulk.js'
import { idsOf } from '../../db/records/ids-of.js'
import { rows, type Executor } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { dbHttpError } from '../crud/db-errors.js'
import { networkRowsOf, type NetworkRow } from './rows.js'

/** what the gateway lets through for this target (server/gateway/upload-targets.ts says the same) */
export const MAX_NETWORK_FILE_BYTES = 10 * 1024 * 1024

const UploadSchema = Type.Object(
  { cost_center_network: Type.Object({ file: Type.String({ minLength: 1 }) }, { additionalProperties: false }) },
  { additionalProperties: false },
)

const Identifiers = Type.Array(Type.String())
const UploadAnswerSchema = Type.Object({
  data: Type.Object({
    cost_centers_added: Identifiers,
    networks_added: Identifiers,
    projects_added: Identifiers,
    networks_updated: Identifiers,
    projects_updated: Identifiers,
  }),
})
type UploadAnswer = Static<typeof UploadAnswerSchema>['data']

const unique = (values: string[]) => [...new Set(values)]
const text = (values: string[]) => sql`${sql.param(values)}::text[]`

/** Networks: added when new, updated when the file moves one to another cost center. */
async function writeNetworks(tx: Executor, resource: ResourceDef, parsed: readonly NetworkRow[], costCenterIds: Map<string, number>) {
  const wanted = new Map(parsed.map((r) => [r.network, costCenterIds.get(r.cost_center)!]))
  const stored = new Map(
    (
      await rows<{ identifier: string; cost_center_id: number }>(
        tx,
        sql`SELECT identifier, cost_center_id::float8 AS cost_center_id FROM cost_center_networks WHERE identifier = ANY(${text([...wanted.keys()])})`,
      )
    ).map((r) => [r.identifier, Number(r.cost_center_id)]),
  )
  const changed = [...wanted].filter(([identifier, costCenter]) => stored.get(identifier) !== costCenter)
  const results = await upsertMany(
    tx,
    resource,
    'identifier',
    changed.map(([identifier, cost_center_id]) => ({ identifier, cost_center_id })),
  )
  return { added: results.filter((r) => r.inserted).map((r) => r.key), updated: results.filter((r) => !r.inserted).map((r) => r.key) }
}

interface StoredProject {
  identifier: string
  cost_center_network_id: number
  sap_project_name: string | null
  ppm_project_name: string | null
}

/** Projects: added when new, updated when the file moves one or renames it (an empty name keeps the stored one). */
async function writeProjects(tx: Executor, parsed: readonly NetworkRow[]) {
  const lines = parsed.filter((r) => r.project)
  if (lines.length === 0) return { added: [], updated: [] }
  const networkIds = await idsOf(
    tx,
    'cost_center_networks',
    'identifier',
    lines.map((r) => r.network),
  )
  const stored = new Map(
    (
      await rows<StoredProject>(
        tx,
        sql`SELECT identifier, cost_center_network_id::float8 AS cost_center_network_id, sap_project_name, ppm_project_name
            FROM project_ids WHERE identifier = ANY(${text(lines.map((r) => r.project))})`,
      )
    ).map((p) => [p.identifier, p]),
  )
  const records = lines
    .map((r) => {
      const before = stored.get(r.project)
      return {
        identifier: r.project,
        cost_center_network_id: networkIds.get(r.network)!,
        sap_project_name: r.sap_project_name || (before?.sap_project_name ?? null),
        ppm_project_name: r.ppm_project_name || (before?.ppm_project_name ?? null),
        before,
      }
    })
    .filter(
      ({ before, ...after }) =>
        !before ||
        Number(before.cost_center_network_id) !== after.cost_center_network_id ||
        before.sap_project_name !== after.sap_project_name ||
        before.ppm_project_name !== after.ppm_project_name,
    )
    .map(({ before: _before, ...after }) => after)
  const results = await upsertMany(tx, getResource('project_ids'), 'identifier', records)
  return { added: results.filter((r) => r.inserted).map((r) => r.key), updated: results.filter((r) => !r.inserted).map((r) => r.key) }
}

/**
 * POST /cost_center_networks/upload {"cost_center_network":{"file":"data:text/csv;base64,…"}}
 *   → 200 {"data":{"cost_centers_added":[…],"networks_added":[…],"projects_added":[…],
 *                  "networks_updated":[…],"projects_updated":[…]}} (identifiers)
 *   → 422 {"error":"Row N: <what is wrong>","statusCode":422}, and nothing is stored.
 * CSV header (any order, any case): cost_center,network[,project,sap_project_name,ppm_project_name].
 * A cost center is "added" when it had no network before the file and has one after it. Every
 * check runs before the one transaction that writes, so a bad row never leaves half a file.
 */
export const networkUploadRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  const maxIdentifier = fieldOf(resource, 'identifier')?.maxLength ?? 50
  const maxName = fieldOf(getResource('project_ids'), 'sap_project_name')?.maxLength ?? 200
  app.post<{ Body: Static<typeof UploadSchema> }>(
    `/${resource.path}/upload`,
    {
      schema: { body: UploadSchema, response: { 200: UploadAnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ file: 'File' }),
    },
    async (request): Promise<{ data: UploadAnswer }> => {
      const bytes = decodeBase64(request.body.cost_center_network.file, MAX_NETWORK_FILE_BYTES)
      const parsed = networkRowsOf(parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')), maxIdentifier, maxName)
      const db = app.database.db
      const costCenterIds = await idsOf(
        db,
        'cost_centers',
        'identifier',
        parsed.map((r) => r.cost_center),
      )
      const unknown = parsed.find((r) => !costCenterIds.has(r.cost_center))
      if (unknown) throw new HttpError(422, `Row ${unknown.row} (${unknown.network}): cost center ${unknown.cost_center} does not exist`)
      try {
        return await db.transaction(async (tx) => {
          const ids = [...new Set(costCenterIds.values())]
          const linked = await rows<{ id: number }>(
            tx,
            sql`SELECT DISTINCT cost_center_id::float8 AS id FROM cost_center_networks WHERE cost_center_id = ANY(${sql.param(ids)}::int4[])`,
          )
          const hadNetwork = new Set(linked.map((r) => Number(r.id)))
          const networks = await writeNetworks(tx, resource, parsed, costCenterIds)
          const projects = await writeProjects(tx, parsed)
          return {
            data: {
              cost_centers_added: unique(parsed.map((r) => r.cost_center)).filter((cc) => !hadNetwork.has(costCenterIds.get(cc)!)),
              networks_added: networks.added,
              projects_added: projects.added,
              networks_updated: networks.updated,
              projects_updated: projects.updated,
            },
          }
        })
      } catch (err) {
        // a cost center deleted since the lookup: the foreign key refuses, nothing is written
        throw dbHttpError(resource, err, 'write') ?? err
      }
    },
  )
}
