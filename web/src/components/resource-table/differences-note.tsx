import { Button } from '@blueprintjs/core'
import type { MouseEvent } from 'react'
import { fieldOf, type ResourceDef } from '../../../../shared/resources/index.js'
import { differingFields } from './mismatch.js'

/** Brings a row's cell of `column` into view beside the sticky column, and focuses it. */
function showCell(event: MouseEvent<HTMLElement>, column: string) {
  const cell = event.currentTarget.closest('tr')?.querySelector<HTMLElement>(`td[data-column="${CSS.escape(column)}"]`)
  cell?.scrollIntoView({ block: 'nearest', inline: 'center' })
  cell?.focus({ preventScroll: true })
}

/**
 * Under the column that names the record, the names of the fields that differ from the reference
 * row: a wide compared list (the survey's 15 columns) shows at 800 px which cells are red, and each
 * name brings its cell into view.
 */
export function DifferencesNote({ resource, row }: { resource: ResourceDef; row: Record<string, unknown> }) {
  const names = differingFields(resource, row)
  if (!names.length) return null
  return (
    <div className="differences-note" role="group" aria-label={resource.comparison!.hint}>
      {names.map((name) => (
        <Button key={name} size="small" variant="outlined" intent="danger" onClick={(event) => showCell(event, name)}>
          {fieldOf(resource, name)?.label ?? name}
        </Button>
      ))}
    </div>
  )
}
