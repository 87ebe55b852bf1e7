import { FormGroup, InputGroup } from '@blueprintjs/core'
import useSWR from 'swr'
import { MESSAGES } from '../../../../shared/messages.js'
import { subscriptionTypeOf } from '../../../../shared/rules/cloud-requests.js'
import { AzureSubscriptionRequestSchema, REQUEST_FIELD_LABELS as L } from '../../../../shared/schemas/cloud-requests.js'
import { paths } from '../../config/paths.js'
import { CallForm, type CallFieldDef, type CallValues } from '../../components/call-form/index.js'
import { RequestPage } from './request-page.js'

const INITIAL: CallValues = { subscription_name: '', group_id: '', cost_center_tag: '', owner_tag: '', project_name_tag: '' }

/**
 * /auth/create-azure-subscription (spec 000 §3, §4, §5): groups from GET /azure-groups; the type
 * follows from the group (corp or online: Production, else DevTest); spaces typed become hyphens.
 */
export default function AzureSubscriptionPage() {
  const groups = useSWR<{ data: string[] }>(paths.api.requests.azureGroups.getHref(), { revalidateOnFocus: false })
  const fields: CallFieldDef[] = [
    { name: 'subscription_name', label: L.subscription_name, kind: 'hyphens' },
    { name: 'group_id', label: L.group_id, kind: 'select', choices: groups.data?.data ?? [] },
    { name: 'cost_center_tag', label: L.cost_center_tag, kind: 'hyphens' },
    { name: 'owner_tag', label: L.owner_tag, kind: 'hyphens' },
    { name: 'project_name_tag', label: L.project_name_tag, kind: 'hyphens' },
  ]
  const typeOf = (v: CallValues) => (v.group_id ? subscriptionTypeOf(v.group_id) : '')
  return (
    <RequestPage title="Create Azure Subscription" loading={!groups.data} error={groups.error}>
      <CallForm
        fields={fields}
        initial={INITIAL}
        schema={AzureSubscriptionRequestSchema}
        toBody={(v) => ({ ...v, subscription_type: typeOf(v) })}
        derived={(v) => (
          <FormGroup
            label={L.subscription_type}
            labelFor="request-subscription_type"
            helperText="Production for the corp and online groups"
          >
            <InputGroup id="request-subscription_type" value={typeOf(v)} readOnly placeholder="Follows from the group" />
          </FormGroup>
        )}
        actions={[{ text: 'Submit', path: paths.api.requests.azureSubscription.getHref(), successText: MESSAGES.requestSubmitted }]}
      />
    </RequestPage>
  )
}
