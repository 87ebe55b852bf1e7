import { Type } from '@sinclair/typebox'

/** The answer of a call that emails a report: {"data":{"message":"Your report will be emailed!"}}. */
export const ReportAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String() }) })

/** The answer of a call that emails each owner: the message and how many emails were written. */
export const OwnerMailsAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String(), sent: Type.Integer() }) })

/** A report's one recipient, inside the body's envelope: {"<outer>":{"<field>":"a@b"}}. */
export const emailBody = (outer: string, field: string) =>
  Type.Object(
    { [outer]: Type.Object({ [field]: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }) },
    { additionalProperties: false },
  )
