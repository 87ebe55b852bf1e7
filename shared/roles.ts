/**
 * The words of permission (DESIGN.md "Who may do what"): the roles a person's groups give, the
 * roles a call can need, the scopes a script's token carries. A leaf: the call declarations
 * (shared/calls) name them, and the rules that use them (shared/access.ts) read those declarations.
 */

/** The roles a call can need, from least to most: each may do everything the ones before it may. */
export const CALL_ROLES = ['viewer', 'editor', 'admin'] as const
export type CallRole = (typeof CALL_ROLES)[number]

/**
 * Every role a person's groups can give. An auditor stands beside the line above: every read a
 * viewer has, no write, and the audit trail, which of the others only an admin reads. A person whose
 * groups give several has the last of this list among them (server/gateway/roles.ts): an editor who
 * is also in the auditors' groups is an editor.
 */
export const ROLES = ['viewer', 'auditor', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** What a script's token may carry: reads, writes of reference data, the report triggers. */
export const SCOPES = ['read', 'write', 'reports'] as const
export type Scope = (typeof SCOPES)[number]
