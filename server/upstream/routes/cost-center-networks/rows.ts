import { NETWORK_UPLOAD_COLUMNS, NETWORK_UPLOAD_REQUIRED } from '../../../../shared/constants.js'
import { HttpError } from '../../http-error.js'

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

/**
 * Checks the header and each row's shape: a network names one cost center however often it appears,
 * and a project appears once. Nothing is looked up yet; the first bad row refuses the whole file.
 */
export function networkRowsOf(records: string[][], maxIdentifier: number, maxName: number): NetworkRow[] {
  const [header, ...data] = records
  const columns = NETWORK_UPLOAD_COLUMNS.join(',')
  if (!header) throw refuse(`The CSV file is empty: it needs the header ${columns}`)
  const names = header.map((h) => h.trim().toLowerCase())
  const missing = NETWORK_UPLOAD_REQUIRED.filter((c) => !names.includes(c))
  if (missing.length) throw refuse(`The CSV header must name ${NETWORK_UPLOAD_REQUIRED.join(', ')}; missing: ${missing.join(', ')}`)
  if (data.length === 0) throw refuse('The CSV file has a header but no rows')
  const networks = new Map<string, { costCenter: string; row: number }>()
  const projects = new Map<string, number>()
  return data.map((cells, index) => {
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
    for (const c of NETWORK_UPLOAD_REQUIRED) if (parsed[c] === '') throw refuse(`Row ${row}: ${c} is empty`)
    for (const c of ['network', 'project'] as const) {
      if (parsed[c].length > maxIdentifier) throw refuse(`Row ${row}: ${c} ${shown(parsed[c])} is longer than ${maxIdentifier} characters`)
    }
    for (const c of ['sap_project_name', 'ppm_project_name'] as const) {
      if (parsed[c].length > maxName) throw refuse(`Row ${row}: ${c} is longer than ${maxName} characters`)
    }
    if (!parsed.project && (parsed.sap_project_name || parsed.ppm_project_name)) throw refuse(`Row ${row}: project names without a project`)
    const network = networks.get(parsed.network)
    if (network && network.costCenter !== parsed.cost_center) {
      throw refuse(`Row ${row}: network ${parsed.network} already belongs to cost center ${network.costCenter} on row ${network.row}`)
    }
    if (!network) networks.set(parsed.network, { costCenter: parsed.cost_center, row })
    if (parsed.project) {
      const first = projects.get(parsed.project)
      if (first !== undefined) throw refuse(`Row ${row}: project ${parsed.project} already appears on row ${first}`)
      projects.set(parsed.project, row)
    }
    return parsed
  })
}
