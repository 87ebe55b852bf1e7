import { Button } from '@blueprintjs/core'

export interface SortHeaderProps {
  field: string
  label: string
  /** the list's sort: a field name, '-' prefix for descending */
  sort: string
  onSort: (sort: string) => void
}

/** A column header that sorts on click: ascending first, then descending. */
export function SortHeader({ field, label, sort, onSort }: SortHeaderProps) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none'
  const next = direction === 'ascending' ? `-${field}` : field
  const icon = direction === 'ascending' ? 'sort-asc' : direction === 'descending' ? 'sort-desc' : 'double-caret-vertical'
  return (
    <th scope="col" aria-sort={direction}>
      <Button
        variant="minimal"
        size="small"
        className="sort-header"
        endIcon={icon}
        onClick={() => onSort(next)}
        text={label}
      />
    </th>
  )
}
