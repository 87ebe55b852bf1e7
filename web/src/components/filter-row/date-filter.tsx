import { FormGroup } from '@blueprintjs/core'
import { DateField } from '../resource-form/index.js'

export interface DateFilterProps {
  id: string
  label: string
  /** yyyy-MM-dd, or '' for no filter */
  value: string
  onChange: (value: string) => void
}

/** A filter on one day: the forms' Blueprint date input (MMMM d, yyyy), cleared to stop filtering. */
export function DateFilter({ id, label, value, onChange }: DateFilterProps) {
  return (
    <FormGroup label={label} labelFor={id} className="filter-row__item">
      <DateField id={id} value={value || null} clearable label={label} onChange={(day) => onChange(day ?? '')} />
    </FormGroup>
  )
}
