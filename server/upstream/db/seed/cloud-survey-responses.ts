import { demoCloudParents, type DemoCloudParent } from './cloud-parents.js'
import type { ModelSeed } from './types.js'

const CLOUDS = { AwsCloudParent: 'aws', GcpCloudParent: 'gcp', AzureCloudParent: 'azure' } as const

/** A survey answer that agrees with its cloud parent on every compared field. */
function answerOf(parent: DemoCloudParent, j: number) {
  return {
    provider: CLOUDS[parent.provider_type],
    identifier: parent.identifier,
    project_name: parent.name,
    distribution_list: parent.email,
    account_owner: parent.cloud_contact_email,
    business_unit: parent.business_unit_name,
    department: parent.department,
    cloud_environment: parent.environment,
    cost_center: parent.cost_center,
    still_in_use: parent.terminated ? 'No' : 'Yes',
    can_be_removed: parent.terminated || j % 5 === 4 ? 'Yes' : 'No',
    billing_contact: parent.billing_contact,
    security_contact: parent.security_contact,
    operations_contact: parent.operations_contact,
    project_summary: `The ${parent.name.replace(/-/g, ' ')} workload of ${parent.business_unit_name}.`,
  }
}

/**
 * Demo answers for some of the demo cloud parents: most agree with their cloud parent, some differ
 * in a field or two (a moved business unit, a new owner, another environment), and one names an
 * account the inventories do not know, so the list has red cells to show and rows without any.
 */
export function demoSurveyResponses() {
  const parents = demoCloudParents()
  const picked = parents.filter((_, i) => i % 9 === 0).slice(0, 36)
  const answers = picked.map((parent, j) => {
    const answer = answerOf(parent, j)
    switch (j % 6) {
      case 1:
        return { ...answer, business_unit: answer.business_unit === 'GAM' ? 'LOT' : 'GAM', cloud_environment: 'development' }
      case 3:
        return { ...answer, account_owner: 'grace.lindqvist@example.com' }
      case 5:
        return { ...answer, cost_center: 'WBS-CORP-2024-01', department: 'Finance', still_in_use: 'No' }
      default:
        // the same values, typed as people type them: other case, spaces around
        return j % 8 === 0
          ? { ...answer, account_owner: answer.account_owner.toUpperCase(), project_name: ` ${answer.project_name} ` }
          : answer
    }
  })
  answers.push({
    ...answerOf(parents[0], 0),
    provider: 'aws',
    identifier: '999900001111',
    project_name: 'legacy-billing-sandbox',
    distribution_list: 'aws+legacy-billing@example.com',
    project_summary: 'An account the inventories do not list yet.',
  })
  return answers
}

export const cloudSurveyResponsesSeed: ModelSeed = {
  model: 'cloud_survey_responses',
  rows: demoSurveyResponses(),
}
