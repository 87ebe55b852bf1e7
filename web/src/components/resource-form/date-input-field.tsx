/** Loaded on demand: @blueprintjs/datetime and react-day-picker are ~50 KB gzip. */
import { DateInput } from '@blueprintjs/datetime'
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css'
import { enUS } from 'date-fns/locale'
import { PICKER_DATE_FORMAT } from '../../../../shared/constants.js'
import { pickerRange, toDate, toDayString } from '../../lib/dates.js'

export interface DateInputFieldProps {
  id: string
  /** yyyy-MM-dd for a day, ISO 8601 for an instant */
  value: string | null
  /** an instant (datetime field) rather than a calendar day */
  withTime?: boolean
  disabled?: boolean
  onChange: (value: string | null) => void
}

export default function DateInputField({ id, value, withTime = false, disabled, onChange }: DateInputFieldProps) {
  const date = toDate(value)
  const { minDate, maxDate } = pickerRange(date, new Date())
  return (
    <DateInput
      fill
      disabled={disabled}
      minDate={minDate}
      maxDate={maxDate}
      locale={enUS}
      dateFnsFormat={PICKER_DATE_FORMAT}
      placeholder={PICKER_DATE_FORMAT}
      value={date ? date.toISOString() : null}
      canClearSelection
      showActionsBar
      timePrecision={withTime ? 'minute' : undefined}
      inputProps={{ id }}
      onChange={(next) => {
        const picked = toDate(next)
        onChange(picked ? (withTime ? picked.toISOString() : toDayString(picked)) : null)
      }}
    />
  )
}
