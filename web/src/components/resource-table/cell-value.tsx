import { Icon, Tag } from '@blueprintjs/core'
import type { FieldDef } from '../../../../shared/resources/index.js'
import { formatDisplayDate } from '../../lib/dates.js'

/**
 * Short values (identifiers, codes, emails, dates, flags) stay on one line: '1000-CCOE-01' or
 * '01-Feb-2024' broken at a hyphen reads as two values. Only long texts wrap; a wide table scrolls.
 */
export function cellClassName(field: FieldDef | undefined): string | undefined {
  const long = field?.type === 'richtext' || (field?.type === 'text' && (field.maxLength ?? 0) > 100)
  return long ? undefined : 'resource-table__cell--nowrap'
}

/** How a list shows one value of a field; cheap on purpose (lists can be long). */
export function CellValue({ field, value }: { field: FieldDef | undefined; value: unknown }) {
  if (value === null || value === undefined || value === '') return null
  switch (field?.type) {
    case 'date':
    case 'datetime':
      return <>{formatDisplayDate(value)}</>
    case 'boolean':
      // spec 001 §2 shows flags as yes/no (cloud contacts' terminated)
      return value ? (
        <span className="flag">
          <Icon icon="tick" intent="success" /> yes
        </span>
      ) : (
        <span className="flag">
          <Icon icon="cross" intent="danger" /> no
        </span>
      )
    case 'select':
      return <Tag minimal>{String(value)}</Tag>
    case 'richtext':
      // rich text arrives as HTML: lists show its words only
      return <>{new DOMParser().parseFromString(String(value), 'text/html').body.textContent ?? ''}</>
    default:
      return <>{String(value)}</>
  }
}
