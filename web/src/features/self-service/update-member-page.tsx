import { Button, Card, FormGroup, H1, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core'
import { useEffect } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import useSWR from 'swr'
import { useLocation, useSearch } from 'wouter'
import { OTHER_DEPARTMENT as OTHER } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import {
  MemberSelfUpdateSchema,
  SELF_UPDATE_LABELS as L,
  type MemberSelfUpdate,
  type SelectOption,
} from '../../../../shared/schemas/member-self-service.js'
import { useSchemaForm } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { formResolver, isRequired, schemaErrors } from '../../lib/form-validation.js'
import { useDeclaredCall } from '../../lib/use-call.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import '../../components/resource-form/resource-form.css'

const TITLE = 'Update Your Details'

type Name = 'department' | 'other_department' | 'business_unit'
type Values = Record<Name, string>
const EMPTY: Values = { department: '', other_department: '', business_unit: '' }

/** The choices of one field, for the holder of the link (spec 000 §7 GET /select_options). */
function useSelectOptions(field: 'department' | 'business_unit', link: { memberId: string; credential: string } | undefined) {
  return useSWR<{ data: SelectOption[] }>(
    link ? paths.api.selfService.selectOptions.getHref({ by_field: field, member_id: link.memberId, credential: link.credential }) : null,
    { revalidateOnFocus: false },
  )
}

/** The spec's 'Please Input {title}!' for what the person has not chosen or typed (spec 000 §5). */
function requiredErrors(v: Values): Partial<Values> {
  const errors: Partial<Values> = {}
  if (!v.department) errors.department = MESSAGES.pleaseInput(L.department)
  if (v.department === OTHER && !v.other_department.trim()) errors.other_department = MESSAGES.pleaseInput(L.other_department)
  if (!v.business_unit) errors.business_unit = MESSAGES.pleaseInput(L.business_unit)
  return errors
}

/** Spec 000 §5: with Other, the typed department replaces it (and travels as other_department too). */
function toBody(v: Values): MemberSelfUpdate {
  const other = v.department === OTHER ? v.other_department.trim() : null
  // a choice of the select, which the resolver checks against the schema before it is sent
  const unit = v.business_unit as MemberSelfUpdate['business_unit']
  return { department: other ?? v.department, other_department: other, business_unit: unit }
}

/**
 * The house's form check: what is missing first (the spec's texts), then the very TypeBox schema the
 * upstream validates the body with.
 */
const resolver = formResolver<Values>((values) => {
  const missing = requiredErrors(values)
  return Object.keys(missing).length > 0 ? missing : schemaErrors(MemberSelfUpdateSchema, toBody(values), L, isRequired)
})

/**
 * /unauth/update-member?member_id=…&credential=… (spec 000 §2, §6, §8): public, authorised by the link
 * the team sent. The member picks a department (or Other and types it) and a business unit; success
 * goes to the thank-you page (and uses the link up), any failure says to reach out to the team with
 * the server's reason (a used, expired or replaced link; too many tries), and the upstream's
 * per-field refusals (a department removed meanwhile) show under their fields.
 */
export function UpdateMemberPage() {
  usePageTitle(TITLE)
  const params = new URLSearchParams(useSearch())
  const memberId = params.get('member_id') ?? ''
  const credential = params.get('credential') ?? ''
  const complete = /^[1-9][0-9]*$/.test(memberId) && credential !== ''
  const link = { memberId, credential }
  const departments = useSelectOptions('department', complete ? link : undefined)
  const units = useSelectOptions('business_unit', complete ? link : undefined)
  const [, navigate] = useLocation()
  const update = useDeclaredCall('selfService', 'updateRestricted', {
    successText: MESSAGES.memberUpdated,
    failureText: MESSAGES.memberUpdateFailed,
    onSuccess: () => navigate(paths.redirect.getHref()),
  })
  // the upstream's per-field refusals of this form's fields (a department removed meanwhile)
  const refused = Object.fromEntries(Object.entries(update.fieldErrors).filter(([name]) => name in EMPTY))
  const form = useSchemaForm<Values>({ defaultValues: EMPTY, resolver, serverErrors: refused })
  const department = useWatch({ control: form.control, name: 'department' })
  // after a submit attempt, choosing Other asks for its department at once (and choosing another stops
  // asking); an effect, so the field that appears has subscribed to the errors before they come
  useEffect(() => {
    if (form.formState.isSubmitted) void form.trigger()
  }, [department, form])
  const submit = form.handleSubmit(
    async (values) => void (await update.trigger({ params: { member_id: memberId }, query: { credential }, body: toBody(values) })),
  )

  // the upstream's reason first: a used, expired or replaced link is the member's to understand
  const refusal: unknown = departments.error ?? units.error
  if (!complete || refusal)
    return (
      <div className="page page--centered">
        <NonIdealState
          icon="link"
          title="This link cannot be used"
          description={
            <>
              {refusal !== undefined && <p>{errorText(refusal)}</p>}
              <p>{MESSAGES.memberUpdateFailed}</p>
            </>
          }
        />
      </div>
    )
  if (!departments.data || !units.data)
    return (
      <div className="page page--centered">
        <Spinner aria-label="Loading the form" />
      </div>
    )

  const departmentChoices = departments.data.data
  const unitChoices = units.data.data
  const field = (name: Name, control: (value: string, set: (value: string) => void) => JSX.Element) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: input, fieldState }) => (
        <FormGroup
          label={L[name]}
          labelFor={`member-${name}`}
          intent={fieldState.error ? Intent.DANGER : Intent.NONE}
          helperText={fieldState.error?.message}
          className="form-group--required"
        >
          {control(input.value, input.onChange)}
        </FormGroup>
      )}
    />
  )
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{TITLE}</H1>
      </header>
      <Card className="form-card">
        <form onSubmit={(e) => void submit(e)} noValidate>
          {field('department', (value, set) => (
            <HTMLSelect id="member-department" fill value={value} onChange={(e) => set(e.currentTarget.value)}>
              <option value="" disabled>
                Select…
              </option>
              {departmentChoices.map((d) => (
                <option key={d.name} value={d.name}>
                  {d.attributes.label}
                </option>
              ))}
              <option value={OTHER}>{OTHER}</option>
            </HTMLSelect>
          ))}
          {department === OTHER &&
            field('other_department', (value, set) => (
              <InputGroup id="member-other_department" value={value} onValueChange={set} maxLength={200} />
            ))}
          {field('business_unit', (value, set) => (
            <HTMLSelect id="member-business_unit" fill value={value} onChange={(e) => set(e.currentTarget.value)}>
              <option value="" disabled>
                Select…
              </option>
              {unitChoices.map((u) => (
                <option key={u.name} value={u.name}>
                  {u.attributes.label}
                </option>
              ))}
            </HTMLSelect>
          ))}
          <div className="form-actions">
            <Button type="submit" intent={Intent.PRIMARY} text="Submit" loading={update.isMutating} />
          </div>
        </form>
      </Card>
    </div>
  )
}
