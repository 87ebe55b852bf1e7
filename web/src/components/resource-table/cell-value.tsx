import { Icon, Tag } from '@blueprintjs/core'
import type { FieldDef } from '../../../../shared/resources/index.js'
import { formatDisplayDate } from '../../lib/dates.js'
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

/** A value as the list shows it, in plain text (the grid's cells, hover titles, sorting nothing). */
export function cellText(field: FieldDef | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  switch (field?.type) {
    case 'date':
    case 'datetime':
      return formatDisplayDate(value)
    case 'boolean':
      return value ? 'yes' : 'no'
    case 'richtext':
      // rich text arrives as HTML: titles and the grid show its words only
      return plainText(String(value))
    case 'json':
      return JSON.stringify(value)
    default:
      return String(value)
  }
}

/**
 * How a list shows one value of a field; cheap on purpose (lists can be long). Text is cut with an
 * ellipsis past the column's measure (a 5,000-character name keeps the row one line high) and
 * shows whole on hover.
 */
export function CellValue({ field, value }: { field: FieldDef | undefined; value: unknown }) {
  const text = cellText(field, value)
  if (text === '') return null
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
