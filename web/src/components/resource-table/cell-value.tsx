import { Icon, Intent, Tag } from '@blueprintjs/core'
import type { FieldDef } from '../../../../shared/resources/index.js'
import { formatAmount } from '../../../../shared/amounts.js'
import { formatDisplayDate, isExpired } from '../../lib/dates.js'
import { plainText, RichTextView } from '../rich-text/index.js'

/** Texts that may run long (descriptions, rich text, a change's fields): two lines at most, the rest on hover. */
function isLongText(field: FieldDef | undefined): boolean {
  return field?.type === 'richtext' || field?.type === 'json' || (field?.type === 'text' && (field.maxLength ?? 0) > 100)
}

/**
 * Short values (identifiers, codes, emails, dates, flags) stay on one line: '1000-CCOE-01' or
 * '01-Feb-2024' broken at a hyphen reads as two values. Only long texts wrap; a wide table scrolls.
 */
export function cellClassName(field: FieldDef | undefined): string | undefined {
  return isLongText(field) ? undefined : 'resource-table__cell--nowrap'
}

/** What the Expired mark says, beside an end or expiry date before today. */
export const EXPIRED_TEXT = 'Expired'

/**
 * A value as the list shows it, in plain text (the grid's cells, hover titles, sorting nothing);
 * `row` is the record it belongs to (an amount's currency is another of its fields).
 */
export function cellText(field: FieldDef | undefined, value: unknown, row?: Readonly<Record<string, unknown>>): string {
  if (value === null || value === undefined || value === '') return ''
  switch (field?.type) {
    case 'date':
    case 'datetime':
      return formatDisplayDate(value)
    case 'boolean':
      return value ? 'yes' : 'no'
    case 'number':
      return field.currency ? formatAmount(value, row?.[field.currency]) : String(value)
    case 'select':
      return field.optionLabels?.[String(value)] ?? String(value)
    case 'richtext':
      // rich text arrives as HTML: titles and the grid show its words only
      return plainText(String(value))
    case 'json':
      return JSON.stringify(value)
    default:
      return String(value)
  }
}

export interface CellValueProps {
  field: FieldDef | undefined
  value: unknown
  /** the record the value belongs to: an amount's currency */
  row?: Readonly<Record<string, unknown>>
  /** the day an expiry date is compared with @default the browser's today */
  today?: Date
}

/**
 * How a list shows one value of a field; cheap on purpose (lists can be long). Text is cut with an
 * ellipsis past the column's measure (a 5,000-character name keeps the row one line high) and
 * shows whole on hover. An expiry date before today carries an Expired tag; an amount, its currency.
 */
export function CellValue({ field, value, row, today }: CellValueProps) {
  const text = cellText(field, value, row)
  if (text === '') return null
  if (field?.expiry && isExpired(value, today ?? new Date())) {
    return (
      <span className="cell-text cell-text--expired" title={`${text} (${EXPIRED_TEXT})`}>
        {text}{' '}
        <Tag minimal intent={Intent.DANGER} icon="outdated">
          {EXPIRED_TEXT}
        </Tag>
      </span>
    )
  }
  switch (field?.type) {
    case 'boolean':
      // spec 001 §2 shows flags as yes/no (cloud contacts' terminated)
      return (
        <span className="flag">
          <Icon icon={value ? 'tick' : 'cross'} intent={value ? 'success' : 'danger'} /> {text}
        </span>
      )
    case 'select':
      return <Tag minimal>{text}</Tag>
    case 'number':
      return (
        <span className="cell-text cell-text--number" title={text}>
          {text}
        </span>
      )
    case 'richtext':
      return <RichTextView html={String(value)} className="cell-text cell-text--long" title={text} />
    default:
      return (
        <span className={isLongText(field) ? 'cell-text cell-text--long' : 'cell-text'} title={text}>
          {text}
        </span>
      )
  }
}
