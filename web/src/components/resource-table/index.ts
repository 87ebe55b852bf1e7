export { CellValue } from './cell-value.js'
export { ListPager, Pager, type PagerProps } from './pager.js'
export { ResourceTable, type ResourceTableProps } from './resource-table.js'
export { RowActions, type RowActionsProps } from './row-actions.js'
