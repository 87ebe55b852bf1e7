import { Button } from '@blueprintjs/core'
import { useMemo } from 'react'
import type { FilterDef } from '../../../../shared/resources/index.js'
import { ALL, isTextFilter } from './filter-choices.js'
import { SelectFilter } from './select-filter.js'
import { DateFilter } from './date-filter.js'
import { TextFilter } from './text-filter.js'
import './filter-row.css'

export interface FilterRowProps {
  filters: readonly FilterDef[]
  /** param → current value ('' or 'All' when unset) */
  values: Record<string, string>
  onChange: (param: string, value: string) => void
  onClear: () => void
}

/**
 * The filter row above a list: text filters search as you type, select filters pick a value. The
 * values live in the URL (the list controller), so a filtered list is a link.
 */
export function FilterRow({ filters: declared, values, onChange, onClear }: FilterRowProps) {
  // one handler per filter for as long as `onChange` is the same: a search box reports its text
  // again when its handler changes, and a handler made anew each render would send the old text
  // back over a value the URL just set (Back, a link)
  const handlers = useMemo(() => new Map(declared.map((f) => [f.param, (value: string) => onChange(f.param, value)])), [declared, onChange])
  const bind = (param: string) => handlers.get(param)!
  // hidden filters are query parameters for other screens (a lookup's search), not the person's
  const filters = declared.filter((f) => !f.hidden)
  if (filters.length === 0) return null
  const active = filters.some((f) => values[f.param] && values[f.param] !== ALL)
  return (
    <div className="filter-row" role="search" aria-label="Filters">
      {filters.map((f) => {
        const id = `filter-${f.param}`
        if (f.input === 'date') {
          return <DateFilter key={f.param} id={id} label={f.label} value={values[f.param] ?? ''} onChange={bind(f.param)} />
        }
        if (isTextFilter(f)) {
          return (
            <TextFilter
              key={f.param}
              id={id}
              label={f.label}
              placeholder={f.placeholder}
              type={f.input === 'number' ? 'number' : undefined}
              value={values[f.param] ?? ''}
              onChange={bind(f.param)}
            />
          )
        }
        return <SelectFilter key={f.param} id={id} filter={f} value={values[f.param] ?? ''} onChange={bind(f.param)} />
      })}
      <Button className="filter-row__clear" variant="minimal" icon="filter-remove" disabled={!active} onClick={onClear}>
        Clear filters
      </Button>
    </div>
  )
}
