import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import { hasErrors, validateConfig, type ConfigDraft, type ConfigTexts } from './config-rules.js'

export interface ConfigEditorProps {
  /** for unique ids and labels: 'new' or the record's id */
  idPrefix: string
  nameLabel: string
  listLabel: string
  /** one value's label: 'Term to Ignore', 'SFDC ID' */
  valueLabel: string
  initial: ConfigDraft
  takenNames: readonly string[]
  texts: ConfigTexts
  busy: boolean
  submitText: string
  /** resolves true once saved (the editor then forgets its edits) */
  onSubmit: (draft: ConfigDraft) => Promise<boolean>
  /** more buttons beside submit (Cancel, Delete) */
  actions?: ReactNode
}

/**
 * A name and its list of values, checked on every change (spec 000 §5): an error shows under the
 * input a person changed, and every error on a submit attempt.
 */
export function ConfigEditor({
  idPrefix,
  nameLabel,
  listLabel,
  valueLabel,
  initial,
  takenNames,
  texts,
  busy,
  submitText,
  onSubmit,
  actions,
}: ConfigEditorProps) {
  const [draft, setDraft] = useState<ConfigDraft>(initial)
  const [touched, setTouched] = useState<{ name: boolean; list: boolean; values: Set<number>; all: boolean }>({
    name: false,
    list: false,
    values: new Set(),
    all: false,
  })
  const errors = validateConfig(draft, takenNames, texts)
  const show = {
    name: (touched.all || touched.name) && errors.name,
    list: (touched.all || touched.list) && errors.list,
    value: (i: number) => (touched.all || touched.values.has(i)) && errors.values[i],
  }

  const setName = (name: string) => {
    setDraft((d) => ({ ...d, name }))
    setTouched((t) => ({ ...t, name: true }))
  }
  const setValue = (index: number, value: string) => {
    setDraft((d) => ({ ...d, values: d.values.map((v, i) => (i === index ? value : v)) }))
    setTouched((t) => ({ ...t, values: new Set(t.values).add(index) }))
  }
  const addValue = () => setDraft((d) => ({ ...d, values: [...d.values, ''] }))
  const removeValue = (index: number) => {
    setDraft((d) => ({ ...d, values: d.values.filter((_, i) => i !== index) }))
    // the indexes after the removed one move up by one
    setTouched((t) => ({
      ...t,
      list: true,
      values: new Set([...t.values].filter((i) => i < index).concat([...t.values].filter((i) => i > index).map((i) => i - 1))),
    }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched((t) => ({ ...t, all: true }))
    if (hasErrors(errors)) return
    if (await onSubmit({ name: draft.name.trim(), values: draft.values.map((v) => v.trim()) })) {
      setTouched({ name: false, list: false, values: new Set(), all: false })
    }
  }

  const nameId = `${idPrefix}-name`
  return (
    <form className="config-editor" onSubmit={(e) => void submit(e)} noValidate>
      <FormGroup
        label={nameLabel}
        labelFor={nameId}
        intent={show.name ? Intent.DANGER : Intent.NONE}
        helperText={show.name || undefined}
        className="form-group--required"
      >
        <InputGroup
          id={nameId}
          value={draft.name}
          onValueChange={setName}
          intent={show.name ? Intent.DANGER : Intent.NONE}
          aria-invalid={!!show.name || undefined}
        />
      </FormGroup>
      <fieldset className="config-editor__values">
        <legend>{listLabel}</legend>
        {draft.values.map((value, i) => {
          const id = `${idPrefix}-value-${i}`
          const error = show.value(i)
          return (
            <FormGroup
              key={i}
              intent={error ? Intent.DANGER : Intent.NONE}
              helperText={error || undefined}
              className="config-editor__value"
            >
              <InputGroup
                id={id}
                aria-label={`${valueLabel} ${i + 1}`}
                value={value}
                onValueChange={(v) => setValue(i, v)}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={!!error || undefined}
                rightElement={
                  <Button variant="minimal" icon="cross" aria-label={`Remove ${valueLabel} ${i + 1}`} onClick={() => removeValue(i)} />
                }
              />
            </FormGroup>
          )
        })}
        {show.list && (
          <p className="config-editor__error" role="alert">
            {show.list}
          </p>
        )}
        <Button icon="add" variant="outlined" size="small" text={`Add ${valueLabel}`} onClick={addValue} />
      </fieldset>
      <div className="form-actions">
        {actions}
        <Button type="submit" intent={Intent.PRIMARY} text={submitText} loading={busy} />
      </div>
    </form>
  )
}
