/** Loaded on demand: @blueprintjs/datetime and react-day-picker are ~50 KB gzip. */
import { Button } from '@blueprintjs/core'
import { DateInput } from '@blueprintjs/datetime'
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css'
import { enUS } from 'date-fns/locale'
import type { KeyboardEvent } from 'react'
import { EDITOR_DATE_FORMAT, EDITOR_DATETIME_FORMAT, PICKER_DATE_FORMAT } from '../../../../shared/constants.js'
import { pickerRange, toDate, toDayString } from '../../lib/dates.js'

export interface DateInputFieldProps {
  id: string
  /** yyyy-MM-dd for a day, ISO 8601 for an instant */
  value: string | null
  /** an instant (datetime field) rather than a calendar day */
  withTime?: boolean
  disabled?: boolean
  /** in an inline editor row: MM-DD-YYYY, with HH:mm for an instant (spec 001 §9); else the form's MMMM d, yyyy */
  editor?: boolean
  /**
   * the person may empty it (a Clear button beside the date, and the picker's Clear); otherwise an
   * emptied box keeps the date it had (spec 001 §4: a cost center's expiry can be cleared, its active date not)
   */
  clearable?: boolean
  /** what the field is, for the Clear button's name ('Clear Expired') @default 'date' */
  label?: string
  onChange: (value: string | null) => void
}

/**
 * Escape in the box while its calendar is open closes the calendar only (Blueprint's DateInput does
 * that, then lets the key go on): in a dialog, the dialog's own Escape closed it too, and what was
 * typed in it was lost. With the calendar closed, Escape goes on to close the dialog, as anywhere.
 */
function keepEscapeInPicker(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Escape' && event.currentTarget.getAttribute('aria-expanded') === 'true') event.stopPropagation()
}

export default function DateInputField({
  id,
  value,
  withTime = false,
  disabled,
  editor = false,
  clearable = false,
  label = 'date',
  onChange,
}: DateInputFieldProps) {
  const date = toDate(value)
  const dateFormat = editor ? (withTime ? EDITOR_DATETIME_FORMAT : EDITOR_DATE_FORMAT) : PICKER_DATE_FORMAT
  const { minDate, maxDate } = pickerRange(date, new Date())
  return (
    <DateInput
      fill
      disabled={disabled}
      minDate={minDate}
      maxDate={maxDate}
      locale={enUS}
      dateFnsFormat={dateFormat}
      placeholder={dateFormat}
      value={date ? date.toISOString() : null}
      canClearSelection={clearable}
      showActionsBar
      rightElement={
        clearable && date && !disabled ? (
          <Button variant="minimal" icon="cross" aria-label={`Clear ${label}`} title={`Clear ${label}`} onClick={() => onChange(null)} />
        ) : undefined
      }
      timePrecision={withTime ? 'minute' : undefined}
      // an instant is entered in the browser's time zone, as the app shows every instant; Blueprint's
      // zone picker beside it put aria-expanded and aria-controls on a div without a role (axe's aria-allowed-attr)
      showTimezoneSelect={false}
      inputProps={{ id, onKeyDown: keepEscapeInPicker }}
      onChange={(next) => {
        const picked = toDate(next)
        if (!picked && !clearable) return
        onChange(picked ? (withTime ? picked.toISOString() : toDayString(picked)) : null)
      }}
    />
  )
}
