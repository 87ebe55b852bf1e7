import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core'
import { useMemo, type ReactNode } from 'react'
import { Controller, useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { configRecordErrors, type ConfigRecordDraft, type ConfigRecordTexts } from '../../../../shared/rules/config-records.js'
import '../../components/resource-form/resource-form.css'

/** The upstream's refusals of a save, by what the editor shows: the name and the list. */
export interface ConfigRefusal {
  name?: string
  list?: string
}

export interface ConfigEditorProps {
  /** for unique ids and labels: 'new' or the record's id */
  idPrefix: string
  nameLabel: string
  listLabel: string
  /** one value's label: 'Term to Ignore', 'SFDC ID' */
  valueLabel: string
  initial: ConfigRecordDraft
  takenNames: readonly string[]
  texts: ConfigRecordTexts
  busy: boolean
  submitText: string
  /** the upstream's own schema check of the draft (its body), after the config rules */
  schemaCheck: (draft: ConfigRecordDraft) => ConfigRefusal
  /** true once saved (the editor then forgets its edits), else the upstream's refusals to show */
  onSubmit: (draft: ConfigRecordDraft) => Promise<true | ConfigRefusal>
  /** more buttons beside submit (Cancel, Delete) */
  actions?: ReactNode
}

/** react-hook-form's field arrays hold objects: one value of the list */
interface FormShape {
  name: string
  values: { value: string }[]
}

const draftOf = (form: FormShape): ConfigRecordDraft => ({ name: form.name, values: form.values.map((v) => v.value) })

/**
 * The config rules (shared/rules/config-records.ts, the spec's texts), then the upstream's TypeBox
 * schema, in react-hook-form's resolver shape: the name's error, each value's error by index, and
 * the list's own error as the array's message.
 */
function configResolver(
  takenNames: readonly string[],
  texts: ConfigRecordTexts,
  schemaCheck: (draft: ConfigRecordDraft) => ConfigRefusal,
): Resolver<FormShape> {
  return async (form) => {
    const found = configRecordErrors(draftOf(form), takenNames, texts)
    // the schema speaks where the rules found nothing: under the name, or the whole list
    const schema = schemaCheck(draftOf(form))
    found.name ??= schema.name
    if (!found.list && Object.keys(found.values).length === 0) found.list = schema.list
    const errors: FieldErrors<FormShape> = {}
    if (found.name) errors.name = { type: 'validate', message: found.name }
    if (found.list) errors.values = { type: 'validate', message: found.list }
    else if (Object.keys(found.values).length > 0)
      errors.values = form.values.map((_, i) =>
        found.values[i] ? { value: { type: 'validate', message: found.values[i] } } : undefined,
      ) as FieldErrors<FormShape>['values']
    return Object.keys(errors).length === 0 ? { values: form, errors: {} } : { values: {}, errors }
  }
}

/**
 * A name and its list of values, on the house's form state (react-hook-form), checked on every
 * change (spec 000 §5): an error shows under the input a person changed, every error on a submit
 * attempt, and the upstream's refusals of a save under the name or the list.
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
  schemaCheck,
  onSubmit,
  actions,
}: ConfigEditorProps) {
  const resolver = useMemo(() => configResolver(takenNames, texts, schemaCheck), [takenNames, texts, schemaCheck])
  const form = useForm<FormShape>({
    defaultValues: { name: initial.name, values: initial.values.map((value) => ({ value })) },
    resolver,
    mode: 'onChange',
  })
  const list = useFieldArray({ control: form.control, name: 'values' })
  const listError = form.formState.errors.values?.message ?? form.formState.errors.values?.root?.message

  const submit = form.handleSubmit(async (checked) => {
    const draft = { name: checked.name.trim(), values: checked.values.map((v) => v.value.trim()) }
    const outcome = await onSubmit(draft)
    if (outcome === true) {
      form.reset(checked)
      return
    }
    if (outcome.name) form.setError('name', { type: 'server', message: outcome.name })
    if (outcome.list) form.setError('values', { type: 'server', message: outcome.list })
  })

  const nameId = `${idPrefix}-name`
  return (
    <form className="config-editor" onSubmit={(e) => void submit(e)} noValidate>
      <Controller
        name="name"
        control={form.control}
        render={({ field, fieldState }) => {
          const error = fieldState.error?.message
          const intent = error ? Intent.DANGER : Intent.NONE
          return (
            <FormGroup label={nameLabel} labelFor={nameId} intent={intent} helperText={error} className="form-group--required">
              <InputGroup
                id={nameId}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                intent={intent}
                aria-invalid={!!error || undefined}
              />
            </FormGroup>
          )
        }}
      />
      <fieldset className="config-editor__values">
        <legend>{listLabel}</legend>
        {list.fields.map((item, i) => (
          <Controller
            key={item.id}
            name={`values.${i}.value`}
            control={form.control}
            render={({ field, fieldState }) => {
              const error = fieldState.error?.message
              const intent = error ? Intent.DANGER : Intent.NONE
              return (
                <FormGroup intent={intent} helperText={error} className="config-editor__value">
                  <InputGroup
                    id={`${idPrefix}-value-${i}`}
                    aria-label={`${valueLabel} ${i + 1}`}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    intent={intent}
                    aria-invalid={!!error || undefined}
                    rightElement={
                      <Button variant="minimal" icon="cross" aria-label={`Remove ${valueLabel} ${i + 1}`} onClick={() => list.remove(i)} />
                    }
                  />
                </FormGroup>
              )
            }}
          />
        ))}
        {listError && (
          <p className="config-editor__error" role="alert">
            {listError}
          </p>
        )}
        <Button icon="add" variant="outlined" size="small" text={`Add ${valueLabel}`} onClick={() => list.append({ value: '' })} />
      </fieldset>
      <div className="form-actions">
        {actions}
        <Button type="submit" intent={Intent.PRIMARY} text={submitText} loading={busy} />
      </div>
    </form>
  )
}
