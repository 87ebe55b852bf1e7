export { FilterRow, type FilterRowProps } from './filter-row.js'
