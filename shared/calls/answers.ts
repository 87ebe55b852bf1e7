import { Type, type Static } from '@sinclair/typebox'

/** The answer of a call that emails a report: {"data":{"message":"Your report will be emailed!"}}. */
export const ReportAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String() }) })

/** The answer of a call that emails each owner: the message and how many emails were written. */
export const OwnerMailsAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String(), sent: Type.Integer() }) })

/** A report's one recipient, inside the body's envelope: {"<outer>":{"<field>":"a@b"}}. */
export const emailBody = <Outer extends string, Field extends string>(outer: Outer, field: Field) => {
  const address = Type.String({ format: 'email', maxLength: 254 })
  // a computed key is typed as any string: the casts keep the names, so a body's type names them (CallBody)
  const inner = Type.Object({ [field]: address } as Record<Field, typeof address>, { additionalProperties: false })
  return Type.Object({ [outer]: inner } as Record<Outer, typeof inner>, { additionalProperties: false })
}

/**
 * The query of an upload call: `?dry_run=true` runs the same parse and checks and answers what the
 * file would do (UploadPlanAnswerSchema), writing nothing; without it the upload writes as before.
 */
export const UploadQuerySchema = Type.Object(
  { dry_run: Type.Optional(Type.Boolean({ description: 'true: check the file and answer what it would do, writing nothing' })) },
  { additionalProperties: false },
)

/** rows each list of a dry run's answer names at most (its total counts them all): a huge file answers small */
export const UPLOAD_PLAN_LISTED = 200

/** One line of the file in a dry run: its number as a spreadsheet shows it (the header is 1). */
export const PlannedRowSchema = Type.Object({
  row: Type.Integer(),
  /** what the line names (an identifier); empty when a refused line names nothing */
  identifier: Type.String(),
  /** what the line would change, or why it is refused */
  detail: Type.String(),
})
const PlannedListSchema = Type.Object({ total: Type.Integer(), rows: Type.Array(PlannedRowSchema) })

/**
 * A dry run's answer: the lines that would add, update or change nothing, and the refused ones with
 * their reasons. The upload itself refuses the whole file while any line is refused.
 */
export const UploadPlanAnswerSchema = Type.Object({
  data: Type.Object({
    dry_run: Type.Literal(true),
    add: PlannedListSchema,
    update: PlannedListSchema,
    unchanged: Type.Integer(),
    refuse: PlannedListSchema,
  }),
})
export type PlannedRow = Static<typeof PlannedRowSchema>
export type UploadPlanAnswer = Static<typeof UploadPlanAnswerSchema>

/** What /api/docs says of an upload's dry run. */
export const DRY_RUN_DESCRIPTION =
  'With `?dry_run=true` (also on POST /api/upload/<target>) nothing is written: the answer is ' +
  '`{"data":{"dry_run":true,"add","update","refuse":{"total","rows":[{"row","identifier","detail"}]},"unchanged"}}`, ' +
  `each list naming its first ${UPLOAD_PLAN_LISTED} lines. The upload itself refuses the whole file while any line is refused.`
