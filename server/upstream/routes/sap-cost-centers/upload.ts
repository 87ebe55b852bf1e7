import { Type, type Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { UploadPlanAnswerSchema, type UploadQuerySchema } from '../../../../shared/calls/answers.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { loggedUpsertMany } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import { rows, type Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { readSingleCsv, ZIP_LIMITS } from '../../uploads/single-csv-zip.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { callAuthorOf } from '../crud/author.js'
import { dbHttpError } from '../crud/db-errors.js'
import { planAnswer, type UploadPlan } from '../../uploads/plan.js'
import { resolveSapRows, sapRowsOf, type SapLines, type SapWrite } from './rows.js'
import { uploadSummaryMail } from './summary-mail.js'

const UploadSchema = Type.Object(
  {
    sap_cost_center: Type.Object(
      { email: Type.String({ format: 'email', maxLength: 254 }), base_file: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)

const UploadAnswerSchema = Type.Object({
  data: Type.Object({ added: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer(), message: Type.String() }),
})

interface StoredSap {
  identifier: string
  companies_id: number
  cloud_contact_id: number
  company_code: string
  owner_email: string
}

/**
 * What each line does: a new identifier is added, a stored one updated when the file moves it to
 * another company or owner, else unchanged; `values` are the rows to write, never an unchanged one
 * (rewriting it would change nothing and count it as updated).
 */
async function planSap(db: Executor, lines: SapLines): Promise<UploadPlan & { values: SapWrite['values'][] }> {
  const { writes, refuse } = await resolveSapRows(db, lines)
  const stored = new Map(
    (
      await rows<StoredSap>(
        db,
        sql`SELECT s.identifier, s.companies_id::float8 AS companies_id, s.cloud_contact_id::float8 AS cloud_contact_id,
                   c.code AS company_code, o.email AS owner_email
            FROM sap_cost_centers s JOIN companies c ON c.id = s.companies_id JOIN cloud_contacts o ON o.id = s.cloud_contact_id
            WHERE s.identifier = ANY(${sql.param(writes.map((w) => w.values.identifier))}::text[])`,
      )
    ).map((r) => [r.identifier, r]),
  )
  const plan: UploadPlan & { values: SapWrite['values'][] } = { add: [], update: [], unchanged: 0, refuse, values: [] }
  for (const { line, values } of writes) {
    const before = stored.get(line.identifier)
    if (!before) {
      plan.values.push(values)
      plan.add.push({ row: line.row, identifier: line.identifier, detail: `company ${line.company_code}, owner ${line.owner_email}` })
      continue
    }
    const changes = [
      Number(before.companies_id) !== values.companies_id && `company ${before.company_code} → ${line.company_code}`,
      Number(before.cloud_contact_id) !== values.cloud_contact_id && `owner ${before.owner_email} → ${line.owner_email}`,
    ].filter((c): c is string => typeof c === 'string')
    if (changes.length === 0) {
      plan.unchanged++
      continue
    }
    plan.values.push(values)
    plan.update.push({ row: line.row, identifier: line.identifier, detail: changes.join(', ') })
  }
  return plan
}

/**
 * POST /sap_cost_centers/upload {"sap_cost_center":{"email":"a@b","base_file":"<base64 of a .csv.zip>"}}
 *   → 200 {"data":{"added":N,"updated":M,"unchanged":K,"message":"The updated cost centers will be emailed to you!"}}
 *   → 422 {"error":"<what is wrong, with the row>","statusCode":422}, and the table is unchanged.
 * `?dry_run=true`: the same unzip, parse, checks and look-ups, answered line by line
 * (uploads/plan.ts); nothing is written and no email sent.
 * CSV header: identifier,company_code,owner_email. Rows are upserted by identifier; a row the table
 * already holds as the file says is not written (nor logged), so the same file twice changes nothing. Everything is
 * unzipped, parsed and looked up before the one short write, so a bad row never leaves half a file.
 */
export const uploadRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  const records = recordRepository(resource)
  app.post<{ Body: Static<typeof UploadSchema>; Querystring: Static<typeof UploadQuerySchema> }>(
    `/${resource.path}/upload`,
    {
      schema: {
        body: UploadSchema,
        querystring: CALLS.sapCostCenters.calls.upload.query,
        response: { 200: Type.Union([UploadAnswerSchema, UploadPlanAnswerSchema]) },
      },
      schemaErrorFormatter: bodyErrorFormatter({ email: 'Email', base_file: 'File' }),
    },
    async (request) => {
      // the summary must be sendable before the table changes (a dry run says so before the upload)
      if (!app.mail.ready) throw new HttpError(503, 'Email is not configured on this server')
      const { email, base_file } = request.body.sap_cost_center
      const { text } = await readSingleCsv(decodeBase64(base_file, ZIP_LIMITS.maxZipBytes, 'zip file'))
      const lines = sapRowsOf(parseCsv(text), resource.fields.find((f) => f.name === 'identifier')?.maxLength)
      const db = app.database.db
      const plan = await planSap(db, lines)
      if (request.query.dry_run) return planAnswer(plan)
      if (plan.refuse.length) throw new HttpError(422, plan.refuse[0].messages[0])
      let results
      try {
        results = await db.transaction((tx) => loggedUpsertMany(tx, callAuthorOf(request), records, 'identifier', plan.values))
      } catch (err) {
        // a company or contact deleted since the lookup: the foreign key refuses, nothing is written
        throw dbHttpError(resource, err, 'write') ?? err
      }
      const added = results.filter((r) => r.inserted).map((r) => r.key)
      const updated = results.filter((r) => !r.inserted).map((r) => r.key)
      app.mail.sendLater(uploadSummaryMail(email, added, updated, plan.unchanged), 'SAP cost center upload summary')
      return { data: { added: added.length, updated: updated.length, unchanged: plan.unchanged, message: MESSAGES.sapUploaded } }
    },
  )
}
