import { FormGroup, HTMLSelect } from '@blueprintjs/core'
import type { FilterDef, LookupDef } from '../../../../shared/resources/index.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'

export interface SelectFilterProps {
  id: string
  filter: FilterDef
  value: string
  onChange: (value: string) => void
}

interface Choice {
  value: string
  label: string
}

const ALL = 'All'
/** an exact filter with neither choices nor lookup is a yes/no flag (cost centers' owner terminated) */
const FLAG_CHOICES: readonly Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]
const plain = (options: readonly string[]): Choice[] =>
  [...new Set(options)].filter((o) => o !== ALL).map((o) => ({ value: o, label: o }))

type ChoicesProps = Omit<SelectFilterProps, 'filter'> & { label: string }

/** another model's names, then the filter's own choices (dcoe members' department: …, 'Other') */
function LookupChoices({ lookup, fixed, ...props }: ChoicesProps & { lookup: LookupDef; fixed: readonly string[] }) {
  const { options } = useLookupOptions(lookup, lookup.labelField)
  return <Choices {...props} choices={plain([...options.map((o) => o.label), ...fixed])} />
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

/** A select filter: fixed choices, another model's names (dcoe members' department), or yes/no. 'All' = no filter. */
export function SelectFilter({ filter, ...props }: SelectFilterProps) {
  if (filter.lookup) return <LookupChoices {...props} label={filter.label} lookup={filter.lookup} fixed={filter.options ?? []} />
  const choices = filter.options ? plain(filter.options) : FLAG_CHOICES
  return <Choices {...props} label={filter.label} choices={choices} />
}
