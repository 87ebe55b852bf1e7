import { SegmentedControl } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import type { Density, ListLayout } from './preferences.js'
import './resource-table.css'

export interface TableToolbarProps {
  density: Density
  onDensity: (density: Density) => void
  /** the layout switch appears only where there is a choice (the wide lists) */
  layout?: ListLayout
  onLayout?: (layout: ListLayout) => void
  /** the list's own controls, at the start (saved views, columns) */
  tools?: ReactNode
}

const DENSITIES = [
  { label: 'Regular', value: 'regular' },
  { label: 'Compact', value: 'compact' },
]
const LAYOUTS = [
  { label: 'Table', value: 'table' },
  { label: 'Grid', value: 'grid' },
]

/** A list's view controls: its views and columns; row density, and table or grid for a wide list. */
export function TableToolbar({ density, onDensity, layout, onLayout, tools }: TableToolbarProps) {
  return (
    <div className="table-toolbar">
      {tools && <div className="table-toolbar__tools">{tools}</div>}
      <div className="table-toolbar__looks">
        {layout && onLayout && (
          <SegmentedControl
            aria-label="Layout"
            size="small"
            options={LAYOUTS}
            value={layout}
            onValueChange={(v) => onLayout(v as ListLayout)}
          />
        )}
        <SegmentedControl
          aria-label="Row density"
          size="small"
          options={DENSITIES}
          value={density}
          onValueChange={(v) => onDensity(v as Density)}
        />
      </div>
    </div>
  )
}
