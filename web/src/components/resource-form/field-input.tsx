import { HTMLSelect, InputGroup, Switch } from '@blueprintjs/core'
import type { FieldDef, LookupDef } from '../../../../shared/resources/index.js'
import type { LookupOption } from '../../lib/use-lookup-options.js'
import { RichTextEditor } from '../rich-text/index.js'
import { DateField } from './date-field.js'
import { LookupSelect } from './lookup-select.js'

export interface FieldInputProps {
  id: string
  field: FieldDef
  value: string | boolean | null
  invalid?: boolean
  /** the accessible name when no FormGroup labels the input (table cells) */
  ariaLabel?: string
  placeholder?: string
  /** lookups: offer 'None' (-9999) */
  withNone?: boolean
  /** lookups: pick the first row once loaded */
  defaultToFirst?: boolean
  disabled?: boolean
  /** the input sits in an inline editor row (dates in the editor format, spec 001 §9) */
  editor?: boolean
  /** a text field whose value is chosen among another model's labels (and `extra` choices) */
  choices?: { lookup: LookupDef; extra?: readonly LookupOption[]; freeText?: boolean }
  onChange: (value: string | boolean | null) => void
}

/** The input for one registry field, chosen by its type. The label is the FormGroup's. */
export function FieldInput({
  id,
  field,
  value,
  invalid,
  ariaLabel,
  placeholder,
  withNone,
  defaultToFirst,
  disabled,
  editor,
  choices,
  onChange,
}: FieldInputProps) {
  const text = typeof value === 'string' ? value : ''
  const intent = invalid ? 'danger' : undefined
  if (choices) {
    return (
      <LookupSelect
        id={id}
        lookup={choices.lookup}
        byLabel
        extraOptions={choices.extra}
        freeText={choices.freeText}
        placeholder={placeholder}
        value={text}
        required={field.required}
        ariaLabel={ariaLabel}
        disabled={disabled}
        onChange={onChange}
      />
    )
  }
  switch (field.type) {
    case 'boolean':
      return (
        <Switch
          id={id}
          aria-label={ariaLabel}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      )
    case 'select':
      return (
        <HTMLSelect
          id={id}
          aria-label={ariaLabel}
          fill
          value={text}
          disabled={disabled}
          required={field.required}
          options={[
            { value: '', label: 'Select…' },
            ...(field.options ?? []).map((o) => ({ value: o, label: field.optionLabels?.[o] ?? o })),
          ]}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )
    case 'lookup':
      return field.lookup ? (
        <LookupSelect
          id={id}
          lookup={field.lookup}
          value={text}
          required={field.required}
          withNone={withNone}
          defaultToFirst={defaultToFirst}
          ariaLabel={ariaLabel}
          disabled={disabled}
          onChange={onChange}
        />
      ) : null
    case 'date':
    case 'datetime':
      return (
        <DateField
          id={id}
          value={text || null}
          withTime={field.type === 'datetime'}
          disabled={disabled}
          editor={editor}
          clearable={field.clearable}
          label={field.label}
          onChange={onChange}
        />
      )
    case 'richtext':
      return (
        <RichTextEditor
          id={id}
          label={ariaLabel ?? field.label}
          value={text}
          invalid={invalid}
          required={field.required}
          disabled={disabled}
          onChange={onChange}
        />
      )
    default:
      return (
        <InputGroup
          id={id}
          type={field.type === 'email' ? 'email' : field.type === 'number' ? 'number' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={text}
          disabled={disabled}
          aria-label={ariaLabel}
          placeholder={placeholder ?? field.placeholder}
          maxLength={field.maxLength}
          intent={intent}
          aria-required={field.required || undefined}
          aria-invalid={invalid || undefined}
          autoComplete={field.type === 'email' ? 'email' : 'off'}
          onValueChange={(v) => onChange(v)}
        />
      )
  }
}
