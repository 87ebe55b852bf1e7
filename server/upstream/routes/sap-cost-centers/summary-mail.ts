import { csvHeader, csvRows, type CsvColumnOf } from '../../../../shared/csv.js'
import type { Mail } from '../../mail/mailer.js'

/** How many identifiers the text lists before it points to the attachment. */
const LISTED = 20

function listed(title: string, identifiers: readonly string[]): string {
  const shown = identifiers.slice(0, LISTED).map((id) => `  ${id}`)
  if (identifiers.length > LISTED) shown.push(`  … and ${identifiers.length - LISTED} more (see the attachment)`)
  return [`${title}: ${identifiers.length}`, ...shown].join('\n')
}

/** The upload's result for the person who sent it: counts and identifiers, and all of them as CSV (not the unchanged ones, only their count). */
export function uploadSummaryMail(to: string, added: readonly string[], updated: readonly string[], unchanged = 0): Mail {
  const columns: CsvColumnOf<{ identifier: string; result: string }>[] = [
    { header: 'identifier', field: 'identifier', type: 'text' },
    { header: 'result', field: 'result', type: 'text' },
  ]
  const table = [
    ...added.map((identifier) => ({ identifier, result: 'added' })),
    ...updated.map((identifier) => ({ identifier, result: 'updated' })),
  ]
  return {
    to,
    subject: `SAP cost centers uploaded: ${added.length} added, ${updated.length} updated`,
    text: [
      'Hello,',
      '',
      'your SAP cost center file was loaded.',
      '',
      listed('Added', added),
      '',
      listed('Updated', updated),
      '',
      ...(unchanged ? [`Unchanged: ${unchanged}`, ''] : []),
      'CCoE Portal',
    ].join('\n'),
    attachments: [
      {
        filename: `sap_cost_centers_upload_${new Date().toISOString()}.csv`,
        content: csvHeader(columns) + csvRows(columns, table),
        contentType: 'text/csv; charset=utf-8',
      },
    ],
  }
}
