import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core'
import type { TObject } from '@sinclair/typebox'
import { useState, type FormEvent, type ReactNode } from 'react'
import { hyphenate } from '../../../../shared/rules/cloud-requests.js'
import { apiRequest, ApiError } from '../../lib/api-client.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { callErrors, type CallErrors } from './call-errors.js'

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
  rule?: (values: CallValues) => CallErrors
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

/**
 * A form that posts its fields to one or more calls (the Cloud Factory forms of spec 000 §3, the
 * billing automation's invoices): checked against the upstream's schema as a person types once they
 * have tried to send, one button per call (the security groups have two). The upstream's per-field
 * refusals show under their fields.
 */
export function CallForm({ fields, initial, schema, toBody, actions, rule, derived, envelope, onSent, lead }: CallFormProps) {
  const [values, setValues] = useState<CallValues>(initial)
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<CallErrors>({})
  const [busy, setBusy] = useState<string | undefined>()
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]))
  const check = (v: CallValues) => ({ ...rule?.(v), ...callErrors(schema, toBody(v), labels) })
  const errors = tried ? { ...serverErrors, ...check(values) } : serverErrors

  const set = (field: CallFieldDef, value: string) => {
    setValues((v) => ({ ...v, [field.name]: field.kind === 'hyphens' ? hyphenate(value) : value }))
    setServerErrors(({ [field.name]: _gone, ...rest }) => rest)
  }

  const send = async (action: CallAction) => {
    setTried(true)
    if (Object.keys(check(values)).length > 0) return
    const body = envelope ? { [envelope]: toBody(values) } : toBody(values)
    setBusy(action.path)
    try {
      const answer = await apiRequest('POST', action.path, body)
      void toastSuccess(action.successText)
      onSent?.(answer)
      setValues(initial)
      setTried(false)
      setServerErrors({})
    } catch (err) {
      // spec 000 §8: the AWS, Azure and GCP failures are logged; the fields say what to fix
      console.error('request failed', err)
      if (err instanceof ApiError && err.info?.fields) setServerErrors(err.info.fields)
      if (action.failureText) void toastError(action.failureText)
    } finally {
      setBusy(undefined)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void send(actions[0])
  }

  return (
    <Card className="form-card">
      <form onSubmit={submit} noValidate>
        {lead}
        {fields.map((field) => {
          const id = `request-${field.name}`
          const error = errors[field.name]
          const intent = error ? Intent.DANGER : Intent.NONE
          const common = { id, value: values[field.name] ?? '', 'aria-invalid': !!error || undefined }
          return (
            <FormGroup
              key={field.name}
              label={field.label}
              labelFor={id}
              intent={intent}
              helperText={error || field.helper}
              className="form-group--required"
            >
              {field.kind === 'select' ? (
                <HTMLSelect {...common} fill onChange={(e) => set(field, e.currentTarget.value)}>
                  <option value="" disabled>
                    Select…
                  </option>
                  <Choices choices={field.choices ?? []} />
                </HTMLSelect>
              ) : field.kind === 'textarea' ? (
                <TextArea
                  {...common}
                  fill
                  intent={intent}
                  placeholder={field.placeholder}
                  onChange={(e) => set(field, e.currentTarget.value)}
                />
              ) : (
                <InputGroup
                  {...common}
                  type={field.kind === 'email' ? 'email' : 'text'}
                  intent={intent}
                  placeholder={field.placeholder}
                  autoComplete="off"
                  onValueChange={(v) => set(field, v)}
                />
              )}
            </FormGroup>
          )
        })}
        {derived?.(values)}
        <div className="form-actions">
          {actions.map((action, i) => (
            <Button
              key={action.path}
              type={i === 0 ? 'submit' : 'button'}
              intent={action.intent ?? Intent.PRIMARY}
              text={action.text}
              loading={busy === action.path}
              disabled={busy !== undefined && busy !== action.path}
              onClick={i === 0 ? undefined : () => void send(action)}
            />
          ))}
        </div>
      </form>
    </Card>
  )
}
