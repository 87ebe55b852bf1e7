import { FormGroup, HTMLSelect } from '@blueprintjs/core'
import type { FilterDef, LookupDef } from '../../../../shared/resources/index.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'
import { ALL, filterChoices, type Choice } from './filter-choices.js'

export interface SelectFilterProps {
  id: string
  filter: FilterDef
  value: string
  onChange: (value: string) => void
}

type ChoicesProps = Omit<SelectFilterProps, 'filter'> & { label: string }

/** another model's names, then the filter's own choices (dcoe members' department: …, 'Other') */
function LookupChoices({ filter, lookup, ...props }: SelectFilterProps & { lookup: LookupDef }) {
  const { options } = useLookupOptions(lookup, lookup.labelField)
  return (
    <Choices
      {...props}
      label={filter.label}
      choices={filterChoices(
        filter,
        options.map((o) => o.label),
      )}
    />
  )
}

function Choices({ id, label, value, choices, onChange }: ChoicesProps & { choices: readonly Choice[] }) {
  return (
    <FormGroup label={label} labelFor={id} className="filter-row__item">
      <HTMLSelect
        id={id}
        fill
        value={value || ALL}
        options={[{ value: ALL, label: ALL }, ...choices]}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormGroup>
  )
}

/** A select filter whose choices its registry entry declares (filter-choices.ts). 'All' = no filter. */
export function SelectFilter({ filter, ...props }: SelectFilterProps) {
  if (filter.lookup) return <LookupChoices {...props} filter={filter} lookup={filter.lookup} />
  return <Choices {...props} label={filter.label} choices={filterChoices(filter)} />
}
