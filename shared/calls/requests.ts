import {
  AwsAccountRequestSchema,
  AzureGroupsAnswerSchema,
  AzureSubscriptionRequestSchema,
  CloudRequestAnswerSchema,
  GcpFoldersAnswerSchema,
  GcpProjectRequestSchema,
  SpincoSgRequestSchema,
} from '../schemas/cloud-requests.js'
import type { CallDef, CallDomain } from './types.js'

const create = (path: string, summary: string, body: CallDef['body']) =>
  ({ method: 'POST', role: 'editor', path, summary, body, answer: CloudRequestAnswerSchema, status: 201 }) as const

/** Spec 000 §7: the Cloud Factory forms; the requests are kept in cloud_requests. */
export const requestCalls = {
  model: 'cloud_requests',
  calls: {
    azureGroups: {
      method: 'GET',
      role: 'viewer',
      path: 'azure-groups',
      summary: 'The Azure groups a subscription may join',
      answer: AzureGroupsAnswerSchema,
    },
    gcpFolders: {
      method: 'GET',
      role: 'viewer',
      path: 'gcp-folders',
      summary: 'The GCP folders a project may go in, by label',
      answer: GcpFoldersAnswerSchema,
    },
    awsAccount: create('account/create', 'Request an AWS account', AwsAccountRequestSchema),
    azureSubscription: create('azure-subscriptions/create', 'Request an Azure subscription', AzureSubscriptionRequestSchema),
    gcpProject: create('gcp-project/create', 'Request a GCP project', GcpProjectRequestSchema),
    spincoSgAdd: create('spinco_sgs/add', 'Request users added to a Spinco security group', SpincoSgRequestSchema),
    spincoSgRemove: create('spinco_sgs/remove', 'Request users removed from a Spinco security group', SpincoSgRequestSchema),
  },
} as const satisfies CallDomain
