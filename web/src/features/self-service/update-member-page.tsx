import { Button, Card, FormGroup, H1, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useLocation, useSearch } from 'wouter'
import { OTHER_DEPARTMENT as OTHER } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { SELF_UPDATE_LABELS as L, type SelectOption } from '../../../../shared/schemas/member-self-service.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { usePageTitle } from '../../lib/use-page-title.js'

const TITLE = 'Update Your Details'

interface Values {
  department: string
  other_department: string
  business_unit: string
}

/** The choices of one field, for the holder of the link (spec 000 §7 GET /select_options). */
function useSelectOptions(field: 'department' | 'business_unit', link: { memberId: string; credential: string } | undefined) {
  return useSWR<{ data: SelectOption[] }>(link ? paths.api.selectOptions.getHref(field, link) : null, { revalidateOnFocus: false })
}

function errorsOf(v: Values): Partial<Values> {
  const errors: Partial<Values> = {}
  if (!v.department) errors.department = MESSAGES.pleaseInput(L.department)
  if (v.department === OTHER && !v.other_department.trim()) errors.other_department = MESSAGES.pleaseInput(L.other_department)
  if (!v.business_unit) errors.business_unit = MESSAGES.pleaseInput(L.business_unit)
  return errors
}

/** Spec 000 §5: with Other, the typed department replaces it (and travels as other_department too). */
function toBody(v: Values) {
  const other = v.department === OTHER ? v.other_department.trim() : null
  return { department: other ?? v.department, other_department: other, business_unit: v.business_unit }
}

/**
 * /unauth/update-member?member_id=…&credential=… (spec 000 §2, §6, §8): public, authorised by the link
 * the team sent. The member picks a department (or Other and types it) and a business unit; success
 * goes to the thank-you page, any failure says to reach out to the team.
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
  const [values, setValues] = useState<Values>({ department: '', other_department: '', business_unit: '' })
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const errors = tried ? errorsOf(values) : {}

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (Object.keys(errorsOf(values)).length > 0) return
    setBusy(true)
    try {
      await apiRequest('POST', paths.api.memberUpdateRestricted.getHref(memberId, credential), toBody(values))
      void toastSuccess(MESSAGES.memberUpdated)
      navigate(paths.redirect.getHref())
    } catch (err) {
      console.error('member update failed', err)
      void toastError(MESSAGES.memberUpdateFailed)
    } finally {
      setBusy(false)
    }
  }

  if (!complete || departments.error || units.error)
    return (
      <div className="page page--centered">
        <NonIdealState icon="link" title="This link cannot be used" description={MESSAGES.memberUpdateFailed} />
      </div>
    )
  if (!departments.data || !units.data)
    return (
      <div className="page page--centered">
        <Spinner aria-label="Loading the form" />
      </div>
    )

  const field = (name: keyof Values, control: JSX.Element) => (
    <FormGroup
      label={L[name]}
      labelFor={`member-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name]}
      className="form-group--required"
    >
      {control}
    </FormGroup>
  )
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{TITLE}</H1>
      </header>
      <Card className="form-card">
        <form onSubmit={(e) => void submit(e)} noValidate>
          {field(
            'department',
            <HTMLSelect id="member-department" fill value={values.department} onChange={(e) => set('department')(e.currentTarget.value)}>
              <option value="" disabled>
                Select…
              </option>
              {departments.data.data.map((d) => (
                <option key={d.name} value={d.name}>
                  {d.attributes.label}
                </option>
              ))}
              <option value={OTHER}>{OTHER}</option>
            </HTMLSelect>,
          )}
          {values.department === OTHER &&
            field(
              'other_department',
              <InputGroup
                id="member-other_department"
                value={values.other_department}
                onValueChange={set('other_department')}
                maxLength={200}
              />,
            )}
          {field(
            'business_unit',
            <HTMLSelect
              id="member-business_unit"
              fill
              value={values.business_unit}
              onChange={(e) => set('business_unit')(e.currentTarget.value)}
            >
              <option value="" disabled>
                Select…
              </option>
              {units.data.data.map((u) => (
                <option key={u.name} value={u.name}>
                  {u.attributes.label}
                </option>
              ))}
            </HTMLSelect>,
          )}
          <div className="form-actions">
            <Button type="submit" intent={Intent.PRIMARY} text="Submit" loading={busy} />
          </div>
        </form>
      </Card>
    </div>
  )
}
