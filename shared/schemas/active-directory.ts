import { Type, type Static } from '@sinclair/typebox'
import { ListMetaSchema } from './common.js'

/** The clouds of the Active Directory pages: /auth/active-directory/groups-<cloud>. */
export const AD_CLOUDS = ['aws', 'azure', 'gcp'] as const
export type AdCloud = (typeof AD_CLOUDS)[number]

/** Spec 000 §2: AWS groups whose names start with this grant privileged access. */
export const PRIVILEGED_GROUP_PREFIX = 'APP_AWS_PIM'

/** Spec 000 §3: an inline policy shorter than this is not shown. */
export const INLINE_POLICY_MIN_LENGTH = 5

const nullableText = Type.Union([Type.String(), Type.Null()])

export const PermissionSetSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  arn: nullableText,
  description: nullableText,
  duration: nullableText,
  managed_policy: nullableText,
  inline_policy: nullableText,
  relay: nullableText,
})
export type PermissionSet = Static<typeof PermissionSetSchema>

/** Spec 000 §3 "AD group"; `permission_set` is the set `ad_permission_set_id` names, read in the same query. */
export const AdGroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  members: Type.Array(Type.String()),
  owners: Type.Array(Type.String()),
  /** `id` is the cloud's own identifier (account id, subscription id, project id) */
  cloud_parents: Type.Array(Type.Object({ name: nullableText, id: Type.String() })),
  ad_permission_set_id: Type.Union([Type.Integer(), Type.Null()]),
  permission_set: Type.Union([PermissionSetSchema, Type.Null()]),
  gcp_ad_permission_set_mappings: Type.Array(
    Type.Object({ id: Type.Integer(), ad_permission_set_id: Type.Integer(), permission_set: PermissionSetSchema }),
  ),
})
export type AdGroup = Static<typeof AdGroupSchema>

export const AdGroupListSchema = Type.Object({ data: Type.Array(AdGroupSchema), meta: ListMetaSchema })

/** A group is dormant when it grants no permission set (spec 000 §4). */
export function isDormant(group: Pick<AdGroup, 'ad_permission_set_id' | 'gcp_ad_permission_set_mappings'>): boolean {
  return group.ad_permission_set_id === null && group.gcp_ad_permission_set_mappings.length === 0
}

/** Spec 000 §3: the inline policy is shown only when it has at least 5 characters. */
export function shownInlinePolicy(policy: string | null | undefined): string | null {
  return policy && policy.length >= INLINE_POLICY_MIN_LENGTH ? policy : null
}
