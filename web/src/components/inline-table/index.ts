export { InlineTable, type InlineTableProps } from './inline-table.js'
