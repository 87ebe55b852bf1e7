import { Intent } from '@blueprintjs/core'
import { MESSAGES } from '../../../../shared/messages.js'
import { usersProblem } from '../../../../shared/rules/cloud-requests.js'
import { REQUEST_FIELD_LABELS as L, SpincoSgRequestSchema } from '../../../../shared/schemas/cloud-requests.js'
import { paths } from '../../config/paths.js'
import { CallForm, type CallFieldDef, type CallValues } from '../../components/call-form/index.js'
import { RequestPage } from './request-page.js'

const FIELDS: CallFieldDef[] = [
  { name: 'securityGroupName', label: L.securityGroupName, kind: 'text' },
  {
    name: 'users',
    label: L.users,
    kind: 'textarea',
    placeholder: 'first.last@example.com; other.person@example.com',
    helper: 'Email addresses separated by semicolons',
  },
]
function usersRule(values: CallValues): Record<string, string> {
  const problem = usersProblem(values.users ?? '')
  return problem ? { users: problem } : {}
}

const INITIAL: CallValues = { securityGroupName: '', users: '' }

/** /auth/spinco-sg-modification (spec 000 §3, §7, §8): add or remove users of a Spinco security group. */
export default function SpincoSgPage() {
  return (
    <RequestPage title="Modify Spinco Security Groups">
      <CallForm
        fields={FIELDS}
        initial={INITIAL}
        schema={SpincoSgRequestSchema}
        toBody={(v) => ({ ...v })}
        rule={usersRule}
        actions={[
          {
            text: 'Add Users',
            path: paths.api.requests.spincoSgAdd.getHref(),
            successText: MESSAGES.usersAdded,
            failureText: MESSAGES.requestFailed,
          },
          {
            text: 'Remove Users',
            path: paths.api.requests.spincoSgRemove.getHref(),
            successText: MESSAGES.usersRemoved,
            failureText: MESSAGES.requestFailed,
            intent: Intent.DANGER,
          },
        ]}
      />
    </RequestPage>
  )
}
