import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core'
import type { TObject } from '@sinclair/typebox'
import { useMemo, useState, type ReactNode } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { hyphenate } from '../../../../shared/rules/cloud-requests.js'
import { apiRequest, logFailure } from '../../lib/api-client.js'
import { schemaResolver, type FormErrors } from '../../lib/form-validation.js'
import { useCall } from '../../lib/use-call.js'
import { useSchemaForm } from '../resource-form/use-resource-form.js'
import '../resource-form/resource-form.css'

/** a call form's values: every field is text as typed */
export type CallValues = Record<string, string>

export interface ChoiceGroup {
  label: string
  options: { label: string; value: string }[]
}

export interface CallFieldDef {
  name: string
  label: string
  /** hyphens: white space typed becomes hyphens (spec 000 §5, the Azure and GCP forms) */
  kind: 'text' | 'email' | 'hyphens' | 'select' | 'textarea'
  /** select: flat choices, or choices under group labels */
  choices?: readonly string[] | readonly ChoiceGroup[]
  placeholder?: string
  helper?: string
}

export interface CallAction {
  text: string
  /** gateway path */
  path: string
  successText: string
  /** a toast on failure (spec 000 §8 names one only for the security groups; the others log it) */
  failureText?: string
  intent?: Intent
}

export interface CallFormProps {
  fields: readonly CallFieldDef[]
  initial: CallValues
  schema: TObject
  toBody: (values: CallValues) => Record<string, unknown>
  actions: readonly CallAction[]
  /** a check the schema cannot say (the users' addresses), by field */
  rule?: (values: CallValues) => FormErrors
  /** what the form shows beyond its fields (a value derived from them) */
  derived?: (values: CallValues) => ReactNode
  /** the body's outer key when the call wraps its fields ({"cloud_bill": {...}}); `schema` checks the inside */
  envelope?: string
  /** after the success toast, with the upstream's answer */
  onSent?: (answer: unknown) => void
  /** what the form shows above its fields (a choice that picks which fields it has) */
  lead?: ReactNode
}

function Choices({ choices }: { choices: readonly string[] | readonly ChoiceGroup[] }) {
  return (
    <>
      {choices.map((c) =>
        typeof c === 'string' ? (
          <option key={c} value={c}>
            {c}
          </option>
        ) : (
          <optgroup key={c.label} label={c.label}>
            {c.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ),
      )}
    </>
  )
}

interface Sent {
  action: CallAction
  body: unknown
}

const post = ({ action, body }: Sent) => apiRequest('POST', action.path, body)

/**
 * A form that posts its fields to one or more calls (the Cloud Factory forms of spec 000 §3, the
 * billing automation's invoices): a field list in front of the house's form core (useSchemaForm,
 * checked against the upstream's schema on submit and then as a person types) and write path
 * (useCall), one button per call (the security groups have two). The upstream's per-field refusals
 * show under their fields until the field changes.
 */
export function CallForm({ fields, initial, schema, toBody, actions, rule, derived, envelope, onSent, lead }: CallFormProps) {
  const resolver = useMemo(
    () => schemaResolver({ schema, toBody, rule, labels: Object.fromEntries(fields.map((f) => [f.name, f.label])) }),
    [schema, toBody, rule, fields],
  )
  const call = useCall('call-form', post, {
    successText: (_answer, sent) => sent.action.successText,
    failureText: (sent) => sent.action.failureText,
    // spec 000 §8: the AWS, Azure and GCP failures are logged; the fields say what to fix
    showsFailure: (_err, sent) => !sent.action.failureText,
    onError: (err, sent) => logFailure(`POST ${sent.action.path}`, err),
    onSuccess: (answer) => {
      onSent?.(answer)
      form.reset(initial)
    },
  })
  const form = useSchemaForm<CallValues>({ defaultValues: initial, resolver, serverErrors: call.fieldErrors })
  const values = useWatch({ control: form.control }) as CallValues
  // the button pressed last: the one that spins while its call runs
  const [pressed, setPressed] = useState(actions[0].path)

  const send = (action: CallAction) =>
    form.handleSubmit(async (checked) => {
      setPressed(action.path)
      await call.trigger({ action, body: envelope ? { [envelope]: toBody(checked) } : toBody(checked) })
    })

  return (
    <Card className="form-card">
      <form onSubmit={(e) => void send(actions[0])(e)} noValidate>
        {lead}
        {fields.map((field) => (
          <Controller
            key={field.name}
            name={field.name}
            control={form.control}
            render={({ field: input, fieldState }) => {
              const id = `request-${field.name}`
              const error = fieldState.error?.message
              const intent = error ? Intent.DANGER : Intent.NONE
              const set = (value: string) => input.onChange(field.kind === 'hyphens' ? hyphenate(value) : value)
              const common = { id, value: input.value ?? '', onBlur: input.onBlur, 'aria-invalid': !!error || undefined }
              return (
                <FormGroup
                  label={field.label}
                  labelFor={id}
                  intent={intent}
                  helperText={error || field.helper}
                  className="form-group--required"
                >
                  {field.kind === 'select' ? (
                    <HTMLSelect {...common} fill onChange={(e) => set(e.currentTarget.value)}>
                      {/* a prompt only where nothing is chosen yet: a select with a default offers its choices alone */}
                      {!initial[field.name] && (
                        <option value="" disabled>
                          Select…
                        </option>
                      )}
                      <Choices choices={field.choices ?? []} />
                    </HTMLSelect>
                  ) : field.kind === 'textarea' ? (
                    <TextArea
                      {...common}
                      fill
                      intent={intent}
                      placeholder={field.placeholder}
                      onChange={(e) => set(e.currentTarget.value)}
                    />
                  ) : (
                    <InputGroup
                      {...common}
                      type={field.kind === 'email' ? 'email' : 'text'}
                      intent={intent}
                      placeholder={field.placeholder}
                      autoComplete="off"
                      onValueChange={set}
                    />
                  )}
                </FormGroup>
              )
            }}
          />
        ))}
        {derived?.({ ...initial, ...values })}
        <div className="form-actions">
          {actions.map((action, i) => (
            <Button
              key={action.path}
              type={i === 0 ? 'submit' : 'button'}
              intent={action.intent ?? Intent.PRIMARY}
              text={action.text}
              loading={call.isMutating && pressed === action.path}
              disabled={call.isMutating && pressed !== action.path}
              onClick={i === 0 ? undefined : () => void send(action)()}
            />
          ))}
        </div>
      </form>
    </Card>
  )
}
