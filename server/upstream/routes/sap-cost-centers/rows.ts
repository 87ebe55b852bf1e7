import { idsOf } from '../../db/records/ids-of.js'
import type { Executor } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'
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

/** Checks the header and every row's shape; nothing is looked up yet. */
export function sapRowsOf(records: string[][], maxIdentifier = 50): SapRow[] {
  const [header, ...data] = records
  if (!header) throw refuse('The CSV file is empty: it needs the header identifier,company_code,owner_email')
  const names = header.map((h) => h.trim().toLowerCase())
  const missing = SAP_COLUMNS.filter((c) => !names.includes(c))
  if (missing.length) {
    throw refuse(`The CSV header must name ${SAP_COLUMNS.join(', ')}; missing: ${missing.join(', ')}`)
  }
  if (data.length === 0) throw refuse('The CSV file has a header but no rows')
  const at = Object.fromEntries(SAP_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof SAP_COLUMNS)[number], number>
  const seen = new Map<string, number>()
  return data.map((cells, index) => {
    const row = index + 2
    const value = (c: (typeof SAP_COLUMNS)[number]) => (cells[at[c]] ?? '').trim()
    const parsed: SapRow = { row, identifier: value('identifier'), company_code: value('company_code'), owner_email: value('owner_email') }
    for (const c of SAP_COLUMNS) if (parsed[c] === '') throw refuse(`Row ${row}: ${c} is empty`)
    if (parsed.identifier.length > maxIdentifier) {
      throw refuse(`Row ${row}: identifier ${shown(parsed.identifier)} is longer than ${maxIdentifier} characters`)
    }
    const first = seen.get(parsed.identifier)
    if (first !== undefined) throw refuse(`Row ${row}: identifier ${parsed.identifier} already appears on row ${first}`)
    seen.set(parsed.identifier, row)
    return parsed
  })
}

/** The table's rows: company code and owner email turned into ids; an unknown one fails the upload. */
export async function resolveSapRows(db: Executor, parsed: readonly SapRow[]) {
  const companies = await idsOf(
    db,
    'companies',
    'code',
    parsed.map((r) => r.company_code),
  )
  const contacts = await idsOf(
    db,
    'cloud_contacts',
    'email',
    parsed.map((r) => r.owner_email),
    true,
  )
  return parsed.map((r) => {
    const companies_id = companies.get(r.company_code)
    if (companies_id === undefined) throw refuse(`Row ${r.row} (${r.identifier}): company code ${shown(r.company_code)} does not exist`)
    const cloud_contact_id = contacts.get(r.owner_email.toLowerCase())
    if (cloud_contact_id === undefined) {
      throw refuse(`Row ${r.row} (${r.identifier}): cloud contact ${shown(r.owner_email)} does not exist; add it first`)
    }
    return { identifier: r.identifier, companies_id, cloud_contact_id }
  })
}
