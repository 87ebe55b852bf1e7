import { FormGroup, HTMLSelect } from '@blueprintjs/core'
import type { FilterDef, LookupDef } from '../../../../shared/resources/index.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'

export interface SelectFilterProps {
  id: string
  filter: FilterDef
  value: string
  onChange: (value: string) => void
}

const ALL = 'All'

function LookupChoices({ lookup, ...props }: Omit<SelectFilterProps, 'filter'> & { label: string; lookup: LookupDef }) {
  const { options } = useLookupOptions(lookup, lookup.labelField)
  return <Choices {...props} options={options.map((o) => o.label)} />
}

function Choices({ id, label, value, options, onChange }: Omit<SelectFilterProps, 'filter'> & { label: string; options: readonly string[] }) {
  return (
    <FormGroup label={label} labelFor={id} className="filter-row__item">
      <HTMLSelect
        id={id}
        value={value || ALL}
        options={[ALL, ...options.filter((o) => o !== ALL)]}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormGroup>
  )
}

/** A select filter: fixed choices, or another model's names (dcoe members' department). 'All' = no filter. */
export function SelectFilter({ filter, ...props }: SelectFilterProps) {
  return filter.lookup ? (
    <LookupChoices {...props} label={filter.label} lookup={filter.lookup} />
  ) : (
    <Choices {...props} label={filter.label} options={filter.options ?? []} />
  )
}
