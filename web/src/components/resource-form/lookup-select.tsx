import { Button, MenuItem } from '@blueprintjs/core'
import { Suggest, type ItemRenderer } from '@blueprintjs/select'
import '@blueprintjs/select/lib/css/blueprint-select.css'
import { useEffect, useState } from 'react'
import type { LookupDef } from '../../../../shared/resources/index.js'
import { NONE_OPTION, type LookupOption } from '../../lib/use-lookup-options.js'
import { useFirstLookupOption, useLookupLabel, useLookupSearch } from '../../lib/use-lookup-search.js'

export interface LookupSelectProps {
  id: string
  lookup: LookupDef
  /** the chosen row's id ('' for none) */
  value: string
  required?: boolean
  /** offer 'None' (id -9999) first; inline tables and the cost center form do */
  withNone?: boolean
  /** pick the first row once the choices load, when nothing is chosen (spec 001 §4) */
  defaultToFirst?: boolean
  ariaLabel?: string
  disabled?: boolean
  /** the value is the row's label rather than its id (a member's department is stored by name) */
  byLabel?: boolean
  /** choices after the rows, kept whatever is typed ('Other') */
  extraOptions?: readonly LookupOption[]
  /** with byLabel: what is typed is the value, found or not; the list only helps to complete it */
  freeText?: boolean
  placeholder?: string
  onChange: (value: string) => void
}

export const renderOption: ItemRenderer<LookupOption> = (option, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={option.value}
      ref={ref}
      text={option.label}
      active={modifiers.active}
      disabled={modifiers.disabled}
      selected={false}
      roleStructure="listoption"
      onClick={handleClick}
      onFocus={handleFocus}
    />
  ) : null

/** What the menu says when nothing is listed: still asking, a failure, or no match. */
export function noResults(isLoading: boolean, error: unknown) {
  const text = isLoading ? 'Searching…' : error ? 'Could not load the choices' : 'No match'
  return <MenuItem disabled text={text} roleStructure="listoption" />
}

/**
 * A searchable choice among another model's rows (Blueprint Suggest): what the person types is
 * searched on the server (`by_<labelField>`, LOOKUP_PAGE_SIZE rows), so any of a million rows can be
 * found; the value is the chosen row's id.
 */
export function LookupSelect(props: LookupSelectProps) {
  const {
    id,
    lookup,
    value,
    required,
    withNone,
    defaultToFirst,
    ariaLabel,
    disabled,
    byLabel,
    extraOptions = [],
    freeText,
    placeholder = 'Type to search…',
    onChange,
  } = props
  const [query, setQuery] = useState('')
  const search = useLookupSearch(lookup, query, byLabel ? lookup.labelField : 'id')
  const none = withNone && (value === '' || value === NONE_OPTION.value)
  const fetched = useLookupLabel(lookup, value === '' || none || byLabel ? undefined : value)
  const label = byLabel ? value : (extraOptions.find((o) => o.value === value)?.label ?? fetched)
  const first = useFirstLookupOption(lookup, !!defaultToFirst && value === '', byLabel ? lookup.labelField : 'id')
  useEffect(() => {
    if (defaultToFirst && value === '' && first !== undefined) onChange(first)
  }, [defaultToFirst, value, first, onChange])

  const selected: LookupOption | null = none ? NONE_OPTION : value ? { value, label: label ?? '…' } : null
  // an optional choice can be undone (a Suggest alone only replaces it)
  const clear =
    !required && !withNone && value !== '' && !disabled ? (
      <Button variant="minimal" icon="cross" aria-label={`Clear ${ariaLabel ?? 'the choice'}`} onClick={() => onChange('')} />
    ) : undefined
  // the server searches by substring too; a previous query's answer, still shown while the new one
  // loads, must not be offered (Enter would pick a row the person did not type)
  const matches = (o: LookupOption) => o.label.toLowerCase().includes(query.trim().toLowerCase())
  const items = [...(withNone && query === '' ? [NONE_OPTION] : []), ...search.options.filter(matches), ...extraOptions.filter(matches)]
  return (
    <Suggest<LookupOption>
      fill
      items={items}
      selectedItem={selected}
      itemRenderer={renderOption}
      itemsEqual="value"
      inputValueRenderer={(o) => o.label}
      noResults={noResults(search.isLoading, search.error)}
      query={query}
      onQueryChange={(q) => {
        setQuery(q)
        // opening the menu starts from an empty query: only typing replaces the value
        if (freeText && q.trim() !== '') onChange(q.trim())
      }}
      resetOnClose
      resetOnSelect
      disabled={disabled}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{ id, 'aria-label': ariaLabel, 'aria-required': required || undefined, placeholder, rightElement: clear }}
      // Enter picks the active item, which may still be a row of the previous query's answer
      onItemSelect={(o) => items.some((i) => i.value === o.value) && onChange(o.value)}
    />
  )
}
