/**
 * What a resource table takes, apart from the table (resource-table.tsx) that picks a layout: its two
 * layouts (the HTML table, the lazily loaded grid), the selection boxes and the inline table read these.
 */
import type { ReactNode } from 'react'
import type { Row } from '../../lib/resource-api.js'
import type { ListLayout } from './preferences.js'

/** The rows chosen for a bulk action (resources/use-bulk-actions.ts): a box per row and one for the page. */
export interface RowSelection {
  isSelected(id: number): boolean
  onToggle(id: number, selected: boolean): void
  /** the page's box: every row of the page chosen, some, none */
  page: 'all' | 'some' | 'none'
  onTogglePage(selected: boolean): void
  /** how a row's box is named for screen readers ('Select Marketing') */
  labelOf(row: Row): string
}

/**
 * `R`: the rows' type, a model's own record where the page knows the model (`RowOf<K>`), so its
 * renderCell reads typed fields. The callbacks are methods: the lazily loaded grid takes them as Row's.
 */
export interface ResourceTableProps<R extends Row = Row> {
  rows: readonly R[]
  sort: string
  onSort: (sort: string) => void
  /** the columns shown, in order @default resource.columns */
  columns?: readonly string[]
  /** a cell's content instead of the plain value (a toggle); undefined falls back to the value */
  renderCell?(name: string, row: R): ReactNode
  /** the last column's content per row (an Actions menu); no column when absent */
  renderActions?(row: R): ReactNode
  /** shows skeleton rows instead of `rows` */
  loading?: boolean
  /** `rows` are the previous answer while a new one loads: dims them */
  stale?: boolean
  /** @default 5 */
  skeletonRows?: number
  /** a box per row for bulk actions, and one for the page (in either layout) */
  selection?: RowSelection
  /** how a wide list starts until the person picks, where its page knows better @default defaultLayout(the model) */
  initialLayout?: ListLayout
}

/** What the person chose of a list's looks (kept by list-settings.ts), and the controls that change it. */
export interface TableChoices {
  /** table or grid, as the person picked; undefined: not picked */
  layout?: ListLayout
  onLayout?: (layout: ListLayout) => void
  /** the grid's column widths by name */
  widths?: Readonly<Record<string, number>>
  onWidths?: (widths: Readonly<Record<string, number>>) => void
  /** the grid's reordering */
  onColumns?: (columns: readonly string[]) => void
  /** controls at the toolbar's start (views, columns) */
  tools?: ReactNode
}
