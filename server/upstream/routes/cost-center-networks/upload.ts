import { Type, type Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { fieldOf, getResource, type ResourceDef } from '../../../../shared/resources/index.js'
import { CALLS } from '../../../../shared/calls/index.js'
import { UploadPlanAnswerSchema, type UploadPlanAnswer, type UploadQuerySchema } from '../../../../shared/calls/answers.js'
import type { UpsertResult } from '../../db/records/bulk.js'
import { idsOf } from '../../db/records/ids-of.js'
import { loggedUpsertMany, type Author } from '../../db/records/logged-writes.js'
import { recordRepository, type RecordRepository } from '../../db/records/repository.js'
import { rows, type Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { callAuthorOf } from '../crud/author.js'
import { dbHttpError } from '../crud/db-errors.js'
import { planAnswer, refused, type UploadPlan } from '../../uploads/plan.js'
import { networkRowsOf, type NetworkLines } from './rows.js'

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

interface StoredProject {
  identifier: string
  network: string
  sap_project_name: string | null
  ppm_project_name: string | null
}

/** The writes a file's lines make, and what each line does. */
interface NetworkPlan extends UploadPlan {
  /** networks to add or move: identifier and cost center id */
  networks: { identifier: string; cost_center_id: number }[]
  /** projects to add or change: their network by identifier (a new one has no id before the write) */
  projects: { identifier: string; network: string; sap_project_name: string | null; ppm_project_name: string | null }[]
  /** cost centers that had no network before the file */
  costCentersAdded: string[]
}

/**
 * What the file's lines do, read from the tables: a network is added when new, updated when the file
 * moves it to another cost center; a project is added when new, updated when the file moves it or
 * renames it (an empty name keeps the stored one). The upload writes exactly `networks` and
 * `projects`; a dry run answers the lines.
 */
async function planNetworks(db: Executor, { lines, refused: badShapes }: NetworkLines): Promise<NetworkPlan> {
  const costCenterIds = await idsOf(
    db,
    'cost_centers',
    'identifier',
    lines.map((r) => r.cost_center),
  )
  const unknown = lines.filter((r) => !costCenterIds.has(r.cost_center))
  const known = lines.filter((r) => costCenterIds.has(r.cost_center))
  const refuse = [...badShapes, ...unknown.map((r) => refused(r.row, r.network, `cost center ${r.cost_center} does not exist`, true))]
  const ids = [...new Set(costCenterIds.values())]
  const linked = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT cost_center_id::float8 AS id FROM cost_center_networks WHERE cost_center_id = ANY(${sql.param(ids)}::int4[])`,
  )
  const hadNetwork = new Set(linked.map((r) => Number(r.id)))
  const storedNetworks = new Map(
    (
      await rows<{ identifier: string; cost_center_id: number; cost_center: string }>(
        db,
        sql`SELECT n.identifier, n.cost_center_id::float8 AS cost_center_id, c.identifier AS cost_center
            FROM cost_center_networks n JOIN cost_centers c ON c.id = n.cost_center_id
            WHERE n.identifier = ANY(${text(known.map((r) => r.network))})`,
      )
    ).map((r) => [r.identifier, r]),
  )
  const storedProjects = new Map(
    (
      await rows<StoredProject>(
        db,
        sql`SELECT p.identifier, n.identifier AS network, p.sap_project_name, p.ppm_project_name
            FROM project_ids p JOIN cost_center_networks n ON n.id = p.cost_center_network_id
            WHERE p.identifier = ANY(${text(known.flatMap((r) => r.project || []))})`,
      )
    ).map((p) => [p.identifier, p]),
  )
  const plan: NetworkPlan = { add: [], update: [], unchanged: 0, refuse, networks: [], projects: [], costCentersAdded: [] }
  const seen = new Set<string>()
  for (const line of known) {
    const added: string[] = []
    const updated: string[] = []
    const costCenterId = costCenterIds.get(line.cost_center)!
    const before = storedNetworks.get(line.network)
    if (!seen.has(line.network) && before?.cost_center_id !== costCenterId) {
      plan.networks.push({ identifier: line.network, cost_center_id: costCenterId })
      if (before) updated.push(`network ${line.network} moves from ${before.cost_center} to ${line.cost_center}`)
      else added.push(`network ${line.network} to ${line.cost_center}${hadNetwork.has(costCenterId) ? '' : ' (its first network)'}`)
    }
    seen.add(line.network)
    if (line.project) {
      const stored = storedProjects.get(line.project)
      const after = {
        identifier: line.project,
        network: line.network,
        sap_project_name: line.sap_project_name || (stored?.sap_project_name ?? null),
        ppm_project_name: line.ppm_project_name || (stored?.ppm_project_name ?? null),
      }
      const changed = (['network', 'sap_project_name', 'ppm_project_name'] as const).filter((k) => stored && stored[k] !== after[k])
      if (!stored) added.push(`project ${line.project} to ${line.network}`)
      else if (changed.length)
        updated.push(`project ${line.project}: ${changed.map((k) => `${k} ${stored[k] ?? ''} → ${after[k]}`).join(', ')}`)
      if (!stored || changed.length) plan.projects.push(after)
    }
    const identifier = line.project ? `${line.network} / ${line.project}` : line.network
    const detail = [...added.map((a) => `adds ${a}`), ...updated].join('; ')
    if (added.length) plan.add.push({ row: line.row, identifier, detail })
    else if (updated.length) plan.update.push({ row: line.row, identifier, detail })
    else plan.unchanged++
  }
  plan.costCentersAdded = unique(known.map((r) => r.cost_center)).filter((cc) => !hadNetwork.has(costCenterIds.get(cc)!))
  return plan
}

const projectRecords = recordRepository(getResource('project_ids'))

/** The plan's writes and their change-log entries, in one transaction; the answer's lists as the statements report them. */
async function writePlan(tx: Executor, author: Author, networkRecords: RecordRepository, plan: NetworkPlan): Promise<UploadAnswer> {
  const networks = await loggedUpsertMany(tx, author, networkRecords, 'identifier', plan.networks)
  const networkIds = await idsOf(
    tx,
    'cost_center_networks',
    'identifier',
    plan.projects.map((p) => p.network),
  )
  const projects = await loggedUpsertMany(
    tx,
    author,
    projectRecords,
    'identifier',
    plan.projects.map(({ network, ...project }) => ({ ...project, cost_center_network_id: networkIds.get(network)! })),
  )
  const added = (results: UpsertResult[]) => results.filter((r) => r.inserted).map((r) => r.key)
  const updated = (results: UpsertResult[]) => results.filter((r) => !r.inserted).map((r) => r.key)
  return {
    cost_centers_added: plan.costCentersAdded,
    networks_added: added(networks),
    projects_added: added(projects),
    networks_updated: updated(networks),
    projects_updated: updated(projects),
  }
}

/**
 * POST /cost_center_networks/upload {"cost_center_network":{"file":"data:text/csv;base64,…"}}
 *   → 200 {"data":{"cost_centers_added":[…],"networks_added":[…],"projects_added":[…],
 *                  "networks_updated":[…],"projects_updated":[…]}} (identifiers)
 *   → 422 {"error":"Row N: <what is wrong>","statusCode":422}, and nothing is stored.
 * `?dry_run=true`: the same parse, checks and plan, answered line by line (uploads/plan.ts), and
 * nothing written.
 * CSV header (any order, any case): cost_center,network[,project,sap_project_name,ppm_project_name].
 * A cost center is "added" when it had no network before the file and has one after it. Every
 * check runs before the writes, and the plan is read again inside the one transaction that writes,
 * so a bad row never leaves half a file.
 */
export const networkUploadRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  const maxIdentifier = fieldOf(resource, 'identifier')?.maxLength ?? 50
  const maxName = fieldOf(getResource('project_ids'), 'sap_project_name')?.maxLength ?? 200
  const networkRecords = recordRepository(resource)
  app.post<{ Body: Static<typeof UploadSchema>; Querystring: Static<typeof UploadQuerySchema> }>(
    `/${resource.path}/upload`,
    {
      schema: {
        body: UploadSchema,
        querystring: CALLS.costCenterNetworks.calls.upload.query,
        response: { 200: Type.Union([UploadAnswerSchema, UploadPlanAnswerSchema]) },
      },
      schemaErrorFormatter: bodyErrorFormatter({ file: 'File' }),
    },
    async (request): Promise<{ data: UploadAnswer } | UploadPlanAnswer> => {
      const bytes = decodeBase64(request.body.cost_center_network.file, MAX_NETWORK_FILE_BYTES)
      const parsed = networkRowsOf(parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')), maxIdentifier, maxName)
      const db = app.database.db
      if (request.query.dry_run) return planAnswer(await planNetworks(db, parsed))
      if (parsed.refused.length) throw new HttpError(422, parsed.refused[0].messages[0])
      try {
        return await db.transaction(async (tx) => {
          const plan = await planNetworks(tx, parsed)
          if (plan.refuse.length) throw new HttpError(422, plan.refuse[0].messages[0])
          return { data: await writePlan(tx, callAuthorOf(request), networkRecords, plan) }
        })
      } catch (err) {
        // a cost center deleted since the lookup: the foreign key refuses, nothing is written
        throw dbHttpError(resource, err, 'write') ?? err
      }
    },
  )
}
