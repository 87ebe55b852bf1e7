import { HTMLSelect } from '@blueprintjs/core'
import { useEffect } from 'react'
import type { LookupDef } from '../../../../shared/resources/index.js'
import { NONE_OPTION, useLookupOptions } from '../../lib/use-lookup-options.js'

export interface LookupSelectProps {
  id: string
  lookup: LookupDef
  value: string
  required?: boolean
  /** offer 'None' (id -9999) first; inline tables and the cost center form do */
  withNone?: boolean
  /** pick the first row once the choices load, when nothing is chosen (spec 001 §4) */
  defaultToFirst?: boolean
  ariaLabel?: string
  onChange: (value: string) => void
}

/** A select over another model's rows (its id, shown by `lookup.labelField`). */
export function LookupSelect({ id, lookup, value, required, withNone, defaultToFirst, ariaLabel, onChange }: LookupSelectProps) {
  const { options, error, isLoading } = useLookupOptions(lookup)
  const first = options[0]?.value
  useEffect(() => {
    if (defaultToFirst && value === '' && first !== undefined) onChange(first)
  }, [defaultToFirst, value, first, onChange])

  const placeholder = isLoading ? 'Loading…' : error ? 'Could not load the choices' : 'Select…'
  const all = [
    ...(withNone ? [NONE_OPTION] : [{ value: '', label: placeholder, disabled: required }]),
    ...options,
  ]
  return (
    <HTMLSelect
      id={id}
      aria-label={ariaLabel}
      fill
      value={withNone && value === '' ? NONE_OPTION.value : value}
      options={all}
      required={required}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  )
}
