export { InlineTable } from './inline-table.js'
