import { Type, type Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { upsertMany } from '../../db/records/bulk.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { readSingleCsv, ZIP_LIMITS } from '../../uploads/single-csv-zip.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { dbHttpError } from '../crud/db-errors.js'
import { resolveSapRows, sapRowsOf } from './rows.js'
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
  data: Type.Object({ added: Type.Integer(), updated: Type.Integer(), message: Type.String() }),
})

/**
 * POST /sap_cost_centers/upload {"sap_cost_center":{"email":"a@b","base_file":"<base64 of a .csv.zip>"}}
 *   → 200 {"data":{"added":N,"updated":M,"message":"The updated cost centers will be emailed to you!"}}
 *   → 422 {"error":"<what is wrong, with the row>","statusCode":422}, and the table is unchanged.
 * CSV header: identifier,company_code,owner_email. Rows are upserted by identifier. Everything is
 * unzipped, parsed and looked up before the one short write, so a bad row never leaves half a file.
 */
export const uploadRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  app.post<{ Body: Static<typeof UploadSchema> }>(
    `/${resource.path}/upload`,
    {
      schema: { body: UploadSchema, response: { 200: UploadAnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ email: 'Email', base_file: 'File' }),
    },
    async (request) => {
      // the summary must be sendable before the table changes
      if (!app.mail.ready) throw new HttpError(503, 'Email is not configured on this server')
      const { email, base_file } = request.body.sap_cost_center
      const { text } = await readSingleCsv(decodeBase64(base_file, ZIP_LIMITS.maxZipBytes, 'zip file'))
      const parsed = sapRowsOf(parseCsv(text), resource.fields.find((f) => f.name === 'identifier')?.maxLength)
      const db = app.database.db
      const values = await resolveSapRows(db, parsed)
      let results
      try {
        results = await db.transaction((tx) => upsertMany(tx, resource, 'identifier', values))
      } catch (err) {
        // a company or contact deleted since the lookup: the foreign key refuses, nothing is written
        throw dbHttpError(resource, err, 'write') ?? err
      }
      const added = results.filter((r) => r.inserted).map((r) => r.key)
      const updated = results.filter((r) => !r.inserted).map((r) => r.key)
      app.mail.sendLater(uploadSummaryMail(email, added, updated), 'SAP cost center upload summary')
      return { data: { added: added.length, updated: updated.length, message: MESSAGES.sapUploaded } }
    },
  )
}
