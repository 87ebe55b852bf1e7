import { FormGroup, InputGroup } from '@blueprintjs/core'
import { useEffect, useRef, useState } from 'react'
import { useDebounced } from '../../lib/use-debounced.js'
import { searchPlaceholder } from './filter-choices.js'

export interface TextFilterProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** @default 'Search <label>' (searchPlaceholder) */
  placeholder?: string
  /** 'number': a box for a whole number @default a search box (days: DateFilter) */
  type?: 'number'
  /** @default 350 */
  debounceMs?: number
}

/** A search box that reports its value once typing pauses. */
export function TextFilter({ id, label, value, onChange, placeholder, type, debounceMs = 350 }: TextFilterProps) {
  const [text, setText] = useState(value)
  const debounced = useDebounced(text, debounceMs)
  const reported = useRef(value)

  // the URL changed under us (back button, "clear filters"): show it
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    if (debounced !== reported.current) {
      reported.current = debounced
      onChange(debounced)
    }
  }, [debounced, onChange])

  return (
    <FormGroup label={label} labelFor={id} className="filter-row__item">
      <InputGroup
        id={id}
        type={type ?? 'search'}
        leftIcon={type === 'number' ? 'numerical' : 'search'}
        placeholder={placeholder ?? (type === 'number' ? label : searchPlaceholder(label))}
        value={text}
        onValueChange={setText}
      />
    </FormGroup>
  )
}
