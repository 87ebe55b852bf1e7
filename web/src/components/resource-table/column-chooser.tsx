import { Button, ButtonGroup, Checkbox, Classes, Popover } from '@blueprintjs/core'
import { fieldOf, type ResourceDef } from '../../../../shared/resources/index.js'
import { TOOLBAR_POPOVER } from './toolbar-popover.js'
import './resource-table.css'

export interface ColumnChooserProps {
  resource: ResourceDef
  /** the columns shown, in order */
  columns: readonly string[]
  onColumns: (columns: readonly string[]) => void
  /** back to the list's own columns, order and widths */
  onReset: () => void
}

/**
 * Which columns a list shows and in what order (react-admin's SelectColumnsButton): a checkbox per
 * column and Move up/down buttons, all reachable by Tab; the last column shown cannot be hidden.
 */
export function ColumnChooser({ resource, columns, onColumns, onReset }: ColumnChooserProps) {
  // the shown columns in their order, then the hidden ones in the registry's
  const all = [...columns, ...resource.columns.filter((name) => !columns.includes(name))]
  const labelOf = (name: string) => fieldOf(resource, name)?.label ?? name
  const toggle = (name: string, show: boolean) =>
    onColumns(show ? all.filter((n) => n === name || columns.includes(n)) : columns.filter((n) => n !== name))
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns]
    ;[next[index], next[index + by]] = [next[index + by], next[index]]
    onColumns(next)
  }
  const content = (
    <div className="column-chooser">
      <ul className="column-chooser__list" aria-label="Columns">
        {all.map((name) => {
          const index = columns.indexOf(name)
          const shown = index >= 0
          const label = labelOf(name)
          return (
            <li key={name} className="column-chooser__item">
              <Checkbox
                className="column-chooser__check"
                label={label}
                checked={shown}
                disabled={shown && columns.length === 1}
                onChange={(e) => toggle(name, e.currentTarget.checked)}
              />
              <ButtonGroup variant="minimal" size="small">
                <Button
                  icon="chevron-up"
                  aria-label={`Move ${label} up`}
                  disabled={!shown || index === 0}
                  onClick={() => move(index, -1)}
                />
                <Button
                  icon="chevron-down"
                  aria-label={`Move ${label} down`}
                  disabled={!shown || index === columns.length - 1}
                  onClick={() => move(index, 1)}
                />
              </ButtonGroup>
            </li>
          )
        })}
      </ul>
      <div className="column-chooser__footer">
        <span className={Classes.TEXT_MUTED}>
          {columns.length} of {resource.columns.length} shown
        </span>
        <Button size="small" icon="reset" text="Reset to default layout" onClick={onReset} />
      </div>
    </div>
  )
  return (
    <Popover content={content} {...TOOLBAR_POPOVER}>
      <Button size="small" icon="th-list" endIcon="caret-down" text="Columns" />
    </Popover>
  )
}
