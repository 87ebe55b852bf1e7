/** The web's form values: initial values, the body a form sends, and the one validation (shared TypeBox). */
import t from 'tap'
import { NONE_ID } from '../../shared/constants.js'
import { getResource, writableFields, type FieldDef } from '../../shared/resources/index.js'
import { resourceBodySchemas } from '../../shared/schemas/resource-body.js'
import { toFormValues, toPayload } from '../../web/src/lib/form-values.js'
import { schemaResolver, typeboxResolver, validateForm } from '../../web/src/lib/form-validation.js'
import {
  memberFormFields,
  otherDepartmentRule,
  toMemberBody,
  toMemberFormValues,
} from '../../web/src/features/dcoe-members/member-values.js'
import { usersProblem } from '../../shared/rules/cloud-requests.js'
import { REQUEST_FIELD_LABELS, SpincoSgRequestSchema } from '../../shared/schemas/cloud-requests.js'

const model = (key: string) => {
  const resource = getResource(key)
  if (!resource) throw new Error(`no ${key}`)
  return { resource, fields: writableFields(resource), schemas: resourceBodySchemas(resource) }
}

t.test('initial values: empty per type for a new record, text of the stored values for an edit', async (t) => {
  const { fields } = model('cost_centers')
  const fresh = toFormValues(fields)
  t.equal(fresh.identifier, '')
  t.equal(fresh.approved, false)
  t.equal(fresh.active_at, null)
  t.equal(fresh.companies_id, '')
  const stored = toFormValues(fields, {
    identifier: 'CC-1',
    approved: true,
    companies_id: 4,
    expired_at: '2041-05-01T00:00:00.000Z',
    new_cost_center_id: null,
  })
  t.equal(stored.identifier, 'CC-1')
  t.equal(stored.approved, true)
  t.equal(stored.companies_id, '4')
  t.equal(stored.expired_at, '2041-05-01T00:00:00.000Z')
  t.equal(stored.new_cost_center_id, '')
})

t.test('a write-only field starts empty and, left empty, is not sent', async (t) => {
  const field: FieldDef = { name: 'private_key', label: 'Private Key', type: 'text', writeOnly: true }
  t.strictSame(toFormValues([field], { private_key: 'secret' }), { private_key: '' })
  t.strictSame(toPayload([field], { private_key: '' }), {})
  t.strictSame(toPayload([field], { private_key: ' new ' }), { private_key: 'new' })
})

t.test('the body: text trimmed, numbers and lookups as numbers, None and empty as null', async (t) => {
  const { fields } = model('cost_centers')
  const values = {
    ...toFormValues(fields),
    identifier: '  CC-9 ',
    cloud_contact_id: '12',
    companies_id: '3',
    business_units_id: String(NONE_ID),
    departments_id: '',
    approved: true,
    active_at: '2026-01-02T03:04:00.000Z',
  }
  t.strictSame(toPayload(fields, values), {
    identifier: 'CC-9',
    cloud_contact_id: 12,
    companies_id: 3,
    business_units_id: null,
    departments_id: null,
    approved: true,
    active_at: '2026-01-02T03:04:00.000Z',
    expired_at: null,
    new_cost_center_id: null,
    alt_cost_center_id: null,
  })
})

t.test('validation: required fields left empty (or only spaces) say Please Input {title}!', async (t) => {
  const { fields, schemas } = model('departments')
  t.strictSame(validateForm(schemas.create, fields, { name: '   ', abbreviation: '' }), { name: 'Please Input Name!' })
  t.strictSame(validateForm(schemas.create, fields, { name: 'Finance', abbreviation: '' }), {})
})

t.test('validation: the schema maxLength of the registry names the field', async (t) => {
  const { fields, schemas } = model('departments')
  const name = fields.find((f) => f.name === 'name')!
  t.ok(name.maxLength, 'the registry gives the name a maxLength')
  const errors = validateForm(schemas.update, fields, { name: 'x'.repeat(name.maxLength! + 1), abbreviation: 'F' })
  t.strictSame(errors, { name: `Name must be at most ${name.maxLength} characters` })
  t.strictSame(validateForm(schemas.update, fields, { name: 'x'.repeat(name.maxLength!), abbreviation: 'F' }), {})
})

t.test('validation: emails, numbers and choices as the upstream checks them', async (t) => {
  const { fields, schemas } = model('dcoe_members')
  const base = { ...toFormValues(fields), name: 'Ann', email: 'ann@example.com' }
  t.strictSame(validateForm(schemas.create, fields, base), {})
  t.strictSame(validateForm(schemas.create, fields, { ...base, email: 'ann-at-example' }), { email: 'Email must be an email address' })
  t.strictSame(validateForm(schemas.create, fields, { ...base, team: 'Nobody' }), { team: 'Team must be one of Core, Advisory, Community' })
  t.strictSame(validateForm(schemas.create, fields, { ...base, team: 'Core', business_unit: 'GAM' }), {})
})

t.test('validation: a required lookup on None is empty; a number field refuses text', async (t) => {
  const { fields, schemas } = model('cost_centers')
  const values = {
    ...toFormValues(fields),
    identifier: 'CC-1',
    cloud_contact_id: '1',
    companies_id: '1',
    business_units_id: String(NONE_ID),
    departments_id: '2',
  }
  t.strictSame(validateForm(schemas.create, fields, values), { business_units_id: 'Please Input Business Unit!' })
  const amount: FieldDef = { name: 'amount', label: 'Amount', type: 'number' }
  const schema = resourceBodySchemas({ ...model('departments').resource, fields: [amount] }).create
  t.strictSame(validateForm(schema, [amount], { amount: '12a' }), { amount: 'Amount must be a number' })
  t.strictSame(validateForm(schema, [amount], { amount: '12.5' }), {})
  t.strictSame(validateForm(schema, [amount], { amount: '' }), {})
})

t.test("the resolver: react-hook-form's shape, the model's rule beside the schema", async (t) => {
  const { fields, schemas } = model('dcoe_members')
  const resolver = typeboxResolver(schemas.create, fields, otherDepartmentRule)
  const values = { ...toFormValues(fields), name: 'Ann', email: 'ann@example.com', department: 'Other', other_department: ' ' }
  const options = {} as Parameters<typeof resolver>[2]
  t.strictSame(await resolver(values, undefined, options), {
    values: {},
    errors: { other_department: { type: 'validate', message: 'Please Input If Other, Department!' } },
  })
  const good = { ...values, other_department: 'Guild' }
  t.strictSame(await resolver(good, undefined, options), { values: good, errors: {} })
})

t.test("a member's body: Other takes the typed department (7c), else the chosen one; team and lists too", async (t) => {
  const fields = memberFormFields(model('dcoe_members').resource)
  t.strictSame(
    toMemberBody(fields, {
      name: ' Ann ',
      email: 'ann@example.com',
      department: 'Other',
      other_department: ' Guild ',
      business_unit: '',
      team: '',
      teams_included: false,
      dl_included: false,
    }),
    {
      name: 'Ann',
      email: 'ann@example.com',
      department: 'Guild',
      other_department: 'Guild',
      business_unit: null,
      team: null,
      teams_included: false,
      dl_included: false,
    },
  )
  t.strictSame(
    toMemberBody(fields, {
      name: 'Ann',
      email: 'ann@example.com',
      department: 'Finance',
      other_department: 'left over',
      business_unit: 'CCOE',
      team: 'Core',
      teams_included: true,
      dl_included: true,
    }),
    {
      name: 'Ann',
      email: 'ann@example.com',
      department: 'Finance',
      other_department: null,
      business_unit: 'CCOE',
      team: 'Core',
      teams_included: true,
      dl_included: true,
    },
  )
  t.strictSame(otherDepartmentRule({ department: 'Finance', other_department: '' }), {}, 'only Other needs it')
})

t.test('a stored member on the edit form (issue 39 item 3): a typed department shows as Other beside it', async (t) => {
  const fields = memberFormFields(model('dcoe_members').resource)
  const stored = {
    name: 'Grace',
    email: 'g@example.com',
    business_unit: 'BET',
    team: 'Community',
    teams_included: false,
    dl_included: true,
  }
  t.strictSame(toMemberFormValues(fields, { ...stored, department: 'Other', other_department: 'Marketing Technology' }), {
    ...stored,
    department: 'Other',
    other_department: 'Marketing Technology',
  })
  t.strictSame(toMemberFormValues(fields, { ...stored, department: 'Guild', other_department: 'Guild' }).department, 'Other')
  t.strictSame(toMemberFormValues(fields, { ...stored, department: 'Finance', other_department: null }).department, 'Finance')
})

t.test("a call form's resolver: the upstream's schema by label, the form's rule, react-hook-form's shape", async (t) => {
  const resolver = schemaResolver({
    schema: SpincoSgRequestSchema,
    toBody: (v) => ({ ...v }),
    labels: REQUEST_FIELD_LABELS,
    rule: (v): Record<string, string> => {
      const problem = usersProblem(v.users ?? '')
      return problem ? { users: problem } : {}
    },
  })
  const options = {} as Parameters<typeof resolver>[2]
  const empty = await resolver({ securityGroupName: '', users: '' }, undefined, options)
  t.strictSame(empty, {
    values: {},
    errors: {
      users: { type: 'validate', message: usersProblem('') },
      securityGroupName: { type: 'validate', message: `${REQUEST_FIELD_LABELS.securityGroupName} is required` },
    },
  })
  const good = { securityGroupName: 'sg-team', users: 'ann@example.com; bob@example.com' }
  t.strictSame(await resolver(good, undefined, options), { values: good, errors: {} })
})
