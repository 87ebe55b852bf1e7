/**
 * Spec 000 §3, §4, §5: the rules of the Cloud Factory forms, pure, so the forms, the upstream and
 * the tests share them.
 */
import { isEmailAddress, notAnEmailAddress } from './email-address.js'

/** Spec 000 §4: Production for the groups named corp or online, DevTest for every other group. */
export const PRODUCTION_AZURE_GROUPS = ['corp', 'online'] as const
export type SubscriptionType = 'Production' | 'DevTest'

export function subscriptionTypeOf(group: string): SubscriptionType {
  return (PRODUCTION_AZURE_GROUPS as readonly string[]).includes(group.trim().toLowerCase()) ? 'Production' : 'DevTest'
}

/** Spec 000 §5: the Azure and GCP forms replace white space in their text inputs with hyphens. */
export function hyphenate(text: string): string {
  return text.replace(/\s/g, '-')
}

/** Spec 000 §5: AWS regions are typed comma separated ('us-east-1, eu-west-1'). */
export function splitRegions(text: string): string[] {
  return text
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
}

/** Spec 000 §3: the AWS request's Missing Tags Email names one address or more, separated by commas as the regions are. */
export const MISSING_TAGS_EMAILS = 'Missing Tags Email'

/** Why a Missing Tags Email text cannot be sent, or undefined when it names addresses only. */
export function missingTagsEmailsProblem(text: string): string | undefined {
  const addresses = splitRegions(text)
  if (addresses.length === 0) return `${MISSING_TAGS_EMAILS} is required`
  const bad = addresses.find((address) => !isEmailAddress(address))
  return bad === undefined ? undefined : notAnEmailAddress(MISSING_TAGS_EMAILS, bad)
}

/** Spec 000 §3: a security group change names its users as addresses separated by semicolons. */
export function splitUsers(text: string): string[] {
  return text
    .split(';')
    .map((u) => u.trim())
    .filter(Boolean)
}

export const USERS_REQUIRED = 'At least one user address is required'
export const userNotEmail = (user: string) => notAnEmailAddress('Users', user)

/** Why a users text cannot be sent, or undefined when every address is one. */
export function usersProblem(text: string): string | undefined {
  const users = splitUsers(text)
  if (users.length === 0) return USERS_REQUIRED
  const bad = users.find((u) => !isEmailAddress(u))
  return bad === undefined ? undefined : userNotEmail(bad)
}
