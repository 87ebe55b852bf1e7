import { NETWORK_UPLOAD_COLUMNS, NETWORK_UPLOAD_REQUIRED } from '../../../../shared/constants.js'
import { HttpError } from '../../http-error.js'
import { extraFields, separatorProblem } from '../../uploads/parse-csv.js'
import { refused, type RefusedRow } from '../../uploads/plan.js'

type Column = (typeof NETWORK_UPLOAD_COLUMNS)[number]

/** One line of the file; the header is row 1, as a spreadsheet numbers it. */
export interface NetworkRow {
  row: number
  cost_center: string
  network: string
  project: string
  sap_project_name: string
  ppm_project_name: string
}

const refuse = (message: string) => new HttpError(422, message)
/** a value from the file, cut short: an error message must not echo megabytes back */
const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value)

/** The file's lines: those whose shape is right, and the refused ones with their reason. */
export interface NetworkLines {
  lines: NetworkRow[]
  refused: RefusedRow[]
}

/**
 * Checks the header and each row's shape: a network names one cost center however often it appears,
 * and a project appears once. Nothing is looked up yet. A bad header refuses the file; a bad row is
 * refused with its first problem (the upload refuses the file for the first such row).
 */
export function networkRowsOf(records: string[][], maxIdentifier: number, maxName: number): NetworkLines {
  const [header, ...data] = records
  const columns = NETWORK_UPLOAD_COLUMNS.join(',')
  if (!header) throw refuse(`The CSV file is empty: it needs the header ${columns}`)
  const names = header.map((h) => h.trim().toLowerCase())
  const missing = NETWORK_UPLOAD_REQUIRED.filter((c) => !names.includes(c))
  if (missing.length)
    throw refuse(
      separatorProblem(header) ?? `The CSV header must name ${NETWORK_UPLOAD_REQUIRED.join(', ')}; missing: ${missing.join(', ')}`,
    )
  if (data.length === 0) throw refuse('The CSV file has a header but no rows')
  const networks = new Map<string, { costCenter: string; row: number }>()
  const projects = new Map<string, number>()
  /** the first thing wrong with a line, given the lines before it that passed */
  const problemOf = (parsed: NetworkRow): string | undefined => {
    for (const c of NETWORK_UPLOAD_REQUIRED) if (parsed[c] === '') return `${c} is empty`
    for (const c of ['network', 'project'] as const) {
      if (parsed[c].length > maxIdentifier) return `${c} ${shown(parsed[c])} is longer than ${maxIdentifier} characters`
    }
    for (const c of ['sap_project_name', 'ppm_project_name'] as const) {
      if (parsed[c].length > maxName) return `${c} is longer than ${maxName} characters`
    }
    if (!parsed.project && (parsed.sap_project_name || parsed.ppm_project_name)) return 'project names without a project'
    const network = networks.get(parsed.network)
    if (network && network.costCenter !== parsed.cost_center) {
      return `network ${parsed.network} already belongs to cost center ${network.costCenter} on row ${network.row}`
    }
    const first = parsed.project ? projects.get(parsed.project) : undefined
    if (first !== undefined) return `project ${parsed.project} already appears on row ${first}`
  }
  const result: NetworkLines = { lines: [], refused: [] }
  data.forEach((cells, index) => {
    const row = index + 2
    const value = (c: Column) => {
      const at = names.indexOf(c)
      return at === -1 ? '' : (cells[at] ?? '').trim()
    }
    const parsed: NetworkRow = {
      row,
      cost_center: value('cost_center'),
      network: value('network'),
      project: value('project'),
      sap_project_name: value('sap_project_name'),
      ppm_project_name: value('ppm_project_name'),
    }
    const problem = extraFields(cells, header) ?? problemOf(parsed)
    if (problem) {
      result.refused.push(refused(row, shown(parsed.network), problem))
      return
    }
    if (!networks.has(parsed.network)) networks.set(parsed.network, { costCenter: parsed.cost_center, row })
    if (parsed.project) projects.set(parsed.project, row)
    result.lines.push(parsed)
  })
  return result
}
