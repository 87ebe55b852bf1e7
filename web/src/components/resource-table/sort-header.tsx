import { Button } from '@blueprintjs/core'

export interface SortHeaderProps {
  field: string
  label: string
  /** the list's sort: a field name, '-' prefix for descending */
  sort: string
  onSort: (sort: string) => void
  /** the header cell's class (the sticky identifying column) */
  className?: string
}

export type SortDirection = 'ascending' | 'descending' | 'none'

export function sortDirection(field: string, sort: string): SortDirection {
  return sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none'
}

/** The header's button: sorts ascending first, then descending (the HTML table and the grid). */
export function SortButton({ field, label, sort, onSort }: SortHeaderProps) {
  const direction = sortDirection(field, sort)
  const next = direction === 'ascending' ? `-${field}` : field
  const icon = direction === 'ascending' ? 'sort-asc' : direction === 'descending' ? 'sort-desc' : 'double-caret-vertical'
  return <Button variant="minimal" size="small" className="sort-header" endIcon={icon} onClick={() => onSort(next)} text={label} />
}

/** A column header that sorts on click. */
export function SortHeader({ className, ...props }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={sortDirection(props.field, props.sort)} className={className}>
      <SortButton {...props} />
    </th>
  )
}
