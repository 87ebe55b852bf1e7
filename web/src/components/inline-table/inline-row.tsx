import { Classes, Intent } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import type { Row } from '../../lib/resource-api.js'
import { FieldInput, type FormValues } from '../resource-form/index.js'
import { CellValue, cellClassName } from '../resource-table/cell-value.js'
import type { InlineColumn } from './inline-columns.js'
import type { Draft } from './use-inline-edit.js'

export interface InlineRowProps {
  columns: readonly InlineColumn[]
  /** the record as the server has it (absent for a new row) */
  row?: Row
  /** present while the row is in edit mode */
  draft?: Draft
  onChange?: (name: string, value: FormValues[string]) => void
  /** Edit/Delete or Save/Cancel */
  actions: ReactNode
}

/** an email, or a select of emails or names, needs room to be read while it is edited */
const editCellClassName = (field: InlineColumn['edit']) =>
  field?.type === 'email' || field?.type === 'lookup' ? 'inline-row__cell--wide' : undefined

/** One row of an inline table: values in view mode, inputs (with their error) in edit mode. */
export function InlineRow({ columns, row, draft, onChange, actions }: InlineRowProps) {
  return (
    <tr className={draft ? 'inline-row inline-row--editing' : 'inline-row'} aria-busy={draft?.busy || undefined}>
      {columns.map((c) => {
        const edit = draft && c.edit
        const error = edit ? draft.errors[edit.name] : ''
        return (
          <td key={c.name} className={edit ? editCellClassName(edit) : cellClassName(c.view)}>
            {edit ? (
              <>
                <FieldInput
                  id={`${draft.key}-${edit.name}`}
                  field={edit}
                  ariaLabel={c.label}
                  value={draft.values[edit.name] ?? null}
                  invalid={!!error}
                  withNone
                  onChange={(v) => onChange?.(edit.name, v)}
                />
                {error && (
                  <div className={`${Classes.FORM_HELPER_TEXT} ${Classes.intentClass(Intent.DANGER)}`} role="alert">
                    {error}
                  </div>
                )}
              </>
            ) : row ? (
              <CellValue field={c.view} value={row[c.name]} />
            ) : null}
          </td>
        )
      })}
      <td className="resource-table__actions">
        <div className="inline-row__actions">{actions}</div>
      </td>
    </tr>
  )
}
