/**
 * What each screen is for, as a need of web/src/lib/access.ts: the router shows the Not allowed page
 * for a screen the role cannot use, and the navigation menus leave it out, from this one table. A
 * screen missing here only reads, which every role with access may.
 */
import type { ModelOperation } from '../../../shared/access.js'
import { allowedWrites, type Action, type ResourceDef } from '../../../shared/resources/index.js'
import type { paths } from '../config/paths.js'
import { need, type Needs } from '../lib/access.js'

/** The registry screens: a list or record reads, an add form creates, an edit form (or an open inline row) updates, the inline table writes. */
export function resourceScreenNeeds(resource: ResourceDef, action: Action, hasId = false): Needs {
  const on = (op: ModelOperation) => need.model(resource, op)
  switch (action) {
    case 'view':
      return on('read')
    case 'create':
      return on('create')
    case 'edit':
      return on('update')
    case 'crud':
      // the inline table is for writing: a role that may write none of the model's writes reads it in its list
      return hasId ? on('update') : allowedWrites(resource).map(on)
  }
}

/** The fixed screens that do something beyond reading, or read what not every role may, by their name in paths.auth. */
export const SCREEN_NEEDS = {
  createAwsAccount: need.call('requests', 'awsAccount'),
  createAzureSubscription: need.call('requests', 'azureSubscription'),
  createGcpProject: need.call('requests', 'gcpProject'),
  spincoSgModification: [need.call('requests', 'spincoSgAdd'), need.call('requests', 'spincoSgRemove')],
  // auditors and admins: the gateway's trail is read by role (shared/access.ts AUDIT_TRAIL_ROLES)
  audit: need.auditTrail(),
  // its tabs are the billing automation's calls, and its list is their jobs
  billingAutomation: [
    need.call('billingAutomation', 'processAzureInvoice'),
    need.call('billingAutomation', 'processGoogleInvoice'),
    need.call('billingAutomation', 'finalize'),
    need.call('billingAutomation', 'loadGcpData'),
  ],
} satisfies Partial<Record<keyof typeof paths.auth, Needs>>

/** A fixed screen that needs more than reading. */
export type GuardedScreen = keyof typeof SCREEN_NEEDS
