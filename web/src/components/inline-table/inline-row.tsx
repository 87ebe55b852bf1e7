import { FormGroup, Intent } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import type { Row } from '../../lib/resource-api.js'
import { FieldInput, type FormValues } from '../resource-form/index.js'
import { CellValue, cellClassName } from '../resource-table/cell-value.js'
import { classNames } from '../resource-table/mismatch.js'
import type { RowSelection } from '../resource-table/table-props.js'
import { RowSelectBox } from '../resource-table/select-boxes.js'
import type { InlineColumn } from './inline-columns.js'
import type { Draft } from './use-inline-edit.js'
import './inline-table.css'

export interface InlineRowProps {
  columns: readonly InlineColumn[]
  /** the record as the server has it (absent for a new row) */
  row?: Row
  /** present while the row is in edit mode */
  draft?: Draft
  /** the row's write is under way */
  busy?: boolean
  onChange?: (name: string, value: FormValues[string]) => void
  /** Edit/Delete or Save/Cancel */
  actions: ReactNode
  /** what a cell in view mode adds (a value that differs from the reference row: resource-table/mismatch.ts) */
  cellProps?: (name: string) => { className?: string; title?: string; 'aria-description'?: string }
  /** the list's boxes for bulk actions: a box first, but for a row in edit mode (its cell stays empty) */
  selection?: RowSelection
  /** a row is open (this one or another): the box waits, as Edit and Delete do @default false */
  selectDisabled?: boolean
}

/** a cell's input is named by its column, as the header shows it; the label is for assistive technology only */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const
/** a form group in a table cell: no room below it for the next group */
const FIELD_IN_CELL = { margin: 0 } as const

/**
 * a text (an identifier, a name), an email, a search of emails or names, or a date with its time zone
 * needs room to be read while it is edited: among 15 columns the narrow width left them unreadable
 */
const WIDE_INPUTS: readonly string[] = ['text', 'email', 'lookup', 'date', 'datetime']
/** a switch needs no more room than it takes: a few columns of text then fit the page (issue 39 item 4) */
const editCellClassName = (field: InlineColumn['edit']) => {
  if (field?.type === 'boolean') return 'inline-row__cell--switch'
  return field && WIDE_INPUTS.includes(field.type) ? 'inline-row__cell--wide' : undefined
}

/** One row of an inline table: values in view mode, inputs (with their error) in edit mode. */
export function InlineRow({ columns, row, draft, busy, onChange, actions, cellProps, selection, selectDisabled = false }: InlineRowProps) {
  // spec 001 §4: a new record's required dropdowns start on their first item, as the form's do
  const isNew = !row
  return (
    <tr className={draft ? 'inline-row inline-row--editing' : 'inline-row'} aria-busy={busy || undefined}>
      {selection && (
        <td className="resource-table__select">
          {row && !draft && <RowSelectBox selection={selection} row={row} disabled={selectDisabled} />}
        </td>
      )}
      {columns.map((c) => {
        const edit = draft && c.edit
        const error = edit ? draft.errors[edit.name] : ''
        const extra = !draft && cellProps ? cellProps(c.name) : {}
        return (
          <td key={c.name} {...extra} className={classNames(edit ? editCellClassName(edit) : cellClassName(c.view), extra.className)}>
            {edit ? (
              // the cell's error (the client's check or the server's `fields`) under its input, as on the forms
              <FormGroup
                style={FIELD_IN_CELL}
                intent={error ? Intent.DANGER : undefined}
                helperText={error ? <span role="alert">{error}</span> : undefined}
              >
                <label htmlFor={`${draft.key}-${edit.name}`} style={VISUALLY_HIDDEN}>
                  {c.label}
                </label>
                <FieldInput
                  id={`${draft.key}-${edit.name}`}
                  field={edit}
                  ariaLabel={c.label}
                  value={draft.values[edit.name] ?? null}
                  invalid={!!error}
                  withNone
                  editor
                  defaultToFirst={isNew && edit.type === 'lookup' && edit.required}
                  onChange={(v) => onChange?.(edit.name, v)}
                />
              </FormGroup>
            ) : row ? (
              <CellValue field={c.view} value={row[c.name]} row={row} />
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
