import { idsOf } from '../../db/records/ids-of.js'
import type { Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { extraFields, separatorProblem } from '../../uploads/parse-csv.js'
import { refused, type RefusedRow } from '../../uploads/plan.js'
import { SAP_UPLOAD_COLUMNS } from '../../../../shared/constants.js'

/** The columns an SAP cost center file must have (any order, any case; others are ignored). */
export const SAP_COLUMNS = SAP_UPLOAD_COLUMNS

export interface SapRow {
  /** as a spreadsheet numbers it: the header is row 1 */
  row: number
  identifier: string
  company_code: string
  owner_email: string
}

const refuse = (message: string) => new HttpError(422, message)
/** a value from the file, cut short: an error message must not echo megabytes back */
const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value)

/** The file's lines whose shape is right, and the refused ones with their reason. */
export interface SapLines {
  lines: SapRow[]
  refused: RefusedRow[]
}

/** Checks the header (a bad one refuses the file) and every row's shape; nothing is looked up yet. */
export function sapRowsOf(records: string[][], maxIdentifier = 50): SapLines {
  const [header, ...data] = records
  if (!header) throw refuse('The CSV file is empty: it needs the header identifier,company_code,owner_email')
  const names = header.map((h) => h.trim().toLowerCase())
  const missing = SAP_COLUMNS.filter((c) => !names.includes(c))
  if (missing.length) {
    throw refuse(separatorProblem(header) ?? `The CSV header must name ${SAP_COLUMNS.join(', ')}; missing: ${missing.join(', ')}`)
  }
  if (data.length === 0) throw refuse('The CSV file has a header but no rows')
  const at = Object.fromEntries(SAP_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof SAP_COLUMNS)[number], number>
  const seen = new Map<string, number>()
  const problemOf = (parsed: SapRow): string | undefined => {
    for (const c of SAP_COLUMNS) if (parsed[c] === '') return `${c} is empty`
    if (parsed.identifier.length > maxIdentifier) return `identifier ${shown(parsed.identifier)} is longer than ${maxIdentifier} characters`
    const first = seen.get(parsed.identifier)
    if (first !== undefined) return `identifier ${parsed.identifier} already appears on row ${first}`
  }
  const result: SapLines = { lines: [], refused: [] }
  data.forEach((cells, index) => {
    const row = index + 2
    const value = (c: (typeof SAP_COLUMNS)[number]) => (cells[at[c]] ?? '').trim()
    const parsed: SapRow = { row, identifier: value('identifier'), company_code: value('company_code'), owner_email: value('owner_email') }
    const problem = extraFields(cells, header) ?? problemOf(parsed)
    if (problem) return result.refused.push(refused(row, shown(parsed.identifier), problem))
    seen.set(parsed.identifier, row)
    result.lines.push(parsed)
  })
  return result
}

/** A line that would be written: the table's values, and what it names in the file. */
export interface SapWrite {
  line: SapRow
  values: { identifier: string; companies_id: number; cloud_contact_id: number }
}

/**
 * The table's rows: company code and owner email turned into ids; a line naming an unknown one is
 * refused (after the shape refusals, as the upload checks them).
 */
export async function resolveSapRows(db: Executor, { lines, refused: badShapes }: SapLines) {
  const companies = await idsOf(
    db,
    'companies',
    'code',
    lines.map((r) => r.company_code),
  )
  const contacts = await idsOf(
    db,
    'cloud_contacts',
    'email',
    lines.map((r) => r.owner_email),
    true,
  )
  const writes: SapWrite[] = []
  const refuse: RefusedRow[] = [...badShapes]
  for (const line of lines) {
    const companies_id = companies.get(line.company_code)
    const cloud_contact_id = contacts.get(line.owner_email.toLowerCase())
    if (companies_id === undefined)
      refuse.push(refused(line.row, line.identifier, `company code ${shown(line.company_code)} does not exist`, true))
    else if (cloud_contact_id === undefined)
      refuse.push(refused(line.row, line.identifier, `cloud contact ${shown(line.owner_email)} does not exist; add it first`, true))
    else writes.push({ line, values: { identifier: line.identifier, companies_id, cloud_contact_id } })
  }
  return { writes, refuse }
}
