import { AWS_OU_OPTIONS, DEFAULT_AWS_OU } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { missingTagsEmailsProblem, splitRegions } from '../../../../shared/rules/cloud-requests.js'
import { AwsAccountRequestSchema, REQUEST_FIELD_LABELS as L } from '../../../../shared/schemas/cloud-requests.js'
import { paths } from '../../config/paths.js'
import { CallForm, type CallFieldDef, type CallValues } from '../../components/call-form/index.js'
import { RequestPage } from './request-page.js'

const FIELDS: CallFieldDef[] = [
  { name: 'accountEmail', label: L.accountEmail, kind: 'email' },
  { name: 'accountName', label: L.accountName, kind: 'text' },
  { name: 'ou', label: L.ou, kind: 'select', choices: AWS_OU_OPTIONS },
  { name: 'costCenterTag', label: L.costCenterTag, kind: 'text' },
  { name: 'departmentTag', label: L.departmentTag, kind: 'text' },
  { name: 'projectNameTag', label: L.projectNameTag, kind: 'text' },
  { name: 'businessUnitTag', label: L.businessUnitTag, kind: 'text' },
  { name: 'ownerTag', label: L.ownerTag, kind: 'email' },
  {
    name: 'missingTagsEmails',
    label: L.missingTagsEmails,
    kind: 'text',
    placeholder: 'tags@example.com, finops@example.com',
    helper: 'Separate addresses with commas',
  },
  { name: 'billingContact', label: L.billingContact, kind: 'email' },
  { name: 'securityContact', label: L.securityContact, kind: 'email' },
  { name: 'operationsContact', label: L.operationsContact, kind: 'email' },
  { name: 'regions', label: L.regions, kind: 'text', placeholder: 'us-east-1, eu-west-1', helper: 'Separate regions with commas' },
]

function missingTagsRule(values: CallValues): Record<string, string> {
  const problem = missingTagsEmailsProblem(values.missingTagsEmails ?? '')
  return problem ? { missingTagsEmails: problem } : {}
}

/** The body: the regions as a list, the Missing Tags addresses as one text, each separated by a comma. */
const toBody = (v: CallValues) => ({
  ...v,
  missingTagsEmails: splitRegions(v.missingTagsEmails ?? '').join(', '),
  regions: splitRegions(v.regions ?? ''),
})

const INITIAL: CallValues = { ...Object.fromEntries(FIELDS.map((f) => [f.name, ''])), ou: DEFAULT_AWS_OU }

/** /auth/create-aws-account (spec 000 §3): every field, OU sandbox by default, regions and Missing Tags addresses split on commas. */
export default function AwsAccountPage() {
  return (
    <RequestPage title="Create AWS Account">
      <CallForm
        fields={FIELDS}
        initial={INITIAL}
        schema={AwsAccountRequestSchema}
        toBody={toBody}
        rule={missingTagsRule}
        actions={[{ text: 'Submit', path: paths.api.requests.awsAccount.getHref(), successText: MESSAGES.requestSubmitted }]}
      />
    </RequestPage>
  )
}
