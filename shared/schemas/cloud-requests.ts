import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { AWS_OU_OPTIONS } from '../constants.js'
import { MISSING_TAGS_EMAILS } from '../rules/cloud-requests.js'

/**
 * The bodies of the Cloud Factory calls (spec 000 §3, §7), one TypeBox object each: the upstream
 * validates with them (a 400 naming the field), the forms build the same shapes. Field names are the
 * spec's, camelCase for AWS and the security groups, snake_case for Azure and GCP.
 */

const text = (maxLength = 200) => Type.String({ minLength: 1, maxLength })
const email = () => Type.String({ minLength: 1, maxLength: 254, format: 'email' })
/** spec 000 §5: the Azure and GCP forms send their texts with hyphens for white space */
const noSpaces = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '^\\S+$', description: 'must not contain spaces' })

export const AWS_REGION_PATTERN = '^[a-z]{2}(-[a-z]+)+-[0-9]{1,2}$'

export const AwsAccountRequestSchema = Type.Object(
  {
    accountEmail: email(),
    accountName: text(50),
    ou: Type.Unsafe<(typeof AWS_OU_OPTIONS)[number]>({ type: 'string', enum: [...AWS_OU_OPTIONS] }),
    costCenterTag: text(),
    departmentTag: text(),
    projectNameTag: text(),
    businessUnitTag: text(),
    ownerTag: email(),
    // addresses separated by commas; each is checked (shared/rules/cloud-requests.ts)
    missingTagsEmails: Type.String({ minLength: 1, maxLength: 2000, description: 'email addresses separated by commas' }),
    billingContact: email(),
    securityContact: email(),
    operationsContact: email(),
    regions: Type.Array(
      Type.String({ pattern: AWS_REGION_PATTERN, maxLength: 30, description: 'must be AWS region names such as us-east-1' }),
      {
        minItems: 1,
        maxItems: 40,
        uniqueItems: true,
      },
    ),
  },
  { additionalProperties: false },
)
export type AwsAccountRequest = Static<typeof AwsAccountRequestSchema>

export const AzureSubscriptionRequestSchema = Type.Object(
  {
    subscription_name: noSpaces(64),
    group_id: text(),
    subscription_type: Type.Unsafe<'Production' | 'DevTest'>({ type: 'string', enum: ['Production', 'DevTest'] }),
    cost_center_tag: noSpaces(),
    owner_tag: noSpaces(),
    project_name_tag: noSpaces(),
  },
  { additionalProperties: false },
)
export type AzureSubscriptionRequest = Static<typeof AzureSubscriptionRequestSchema>

export const GcpProjectRequestSchema = Type.Object(
  {
    project_name: noSpaces(30),
    folder_id: text(),
    cost_center_tag: noSpaces(),
    owner_tag: noSpaces(),
    project_name_tag: noSpaces(),
  },
  { additionalProperties: false },
)
export type GcpProjectRequest = Static<typeof GcpProjectRequestSchema>

export const SpincoSgRequestSchema = Type.Object(
  {
    securityGroupName: text(),
    /** addresses separated by semicolons; each is checked (shared/rules/cloud-requests.ts) */
    users: Type.String({ maxLength: 20_000 }),
  },
  { additionalProperties: false },
)
export type SpincoSgRequest = Static<typeof SpincoSgRequestSchema>

/** How the fields are named in refusals ('Account Email must be an email address'). */
export const REQUEST_FIELD_LABELS: Record<string, string> = {
  accountEmail: 'Account Email',
  accountName: 'Account Name',
  ou: 'OU',
  costCenterTag: 'Cost Center Tag',
  departmentTag: 'Department Tag',
  projectNameTag: 'Project Name Tag',
  businessUnitTag: 'Business Unit Tag',
  ownerTag: 'Owner Tag',
  missingTagsEmails: MISSING_TAGS_EMAILS,
  billingContact: 'Billing Contact',
  securityContact: 'Security Contact',
  operationsContact: 'Operations Contact',
  regions: 'Regions',
  subscription_name: 'Subscription Name',
  group_id: 'Group',
  subscription_type: 'Subscription Type',
  cost_center_tag: 'Cost Center Tag',
  owner_tag: 'Owner Tag',
  project_name_tag: 'Project Name Tag',
  project_name: 'Project Name',
  folder_id: 'Folder',
  securityGroupName: 'Security Group Name',
  users: 'Users',
}

/** GET /azure-groups: the group names. GET /gcp-folders: folders under their labels (spec 000 §7). */
export const AzureGroupsAnswerSchema = Type.Object({ data: Type.Array(Type.String()) })
export const GcpFoldersAnswerSchema = Type.Object({
  data: Type.Array(Type.Object({ label: Type.String(), options: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })) })),
})
export type GcpFolderGroup = Static<typeof GcpFoldersAnswerSchema>['data'][number]

export const CloudRequestAnswerSchema: TSchema = Type.Object({
  data: Type.Object({ id: Type.Integer(), request_type: Type.String(), name: Type.String(), message: Type.String() }),
})
