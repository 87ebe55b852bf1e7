import { callPermission, type Permission } from '../../shared/access.js'
import { UPLOADS, type Recipient, type UploadDef } from '../../shared/calls/index.js'

/**
 * What POST /api/upload/<target> forwards where (spec 001 §7): the declared calls that carry a file
 * (shared/calls, `upload`), by target. A new upload is a call declared with `upload` there.
 */
export interface UploadTarget extends Omit<UploadDef, 'target'> {
  /** upstream path, without leading slash */
  path: string
  /** who may upload: the declared call's */
  permission: Permission
  /** where the load's summary is emailed, when the form names an address */
  recipient?: Recipient
}

export const UPLOAD_TARGETS: Readonly<Record<string, UploadTarget>> = Object.fromEntries(
  UPLOADS.map(({ target, call, ...upload }) => [
    target,
    { path: call.path, permission: callPermission(call), ...(call.recipient && { recipient: call.recipient }), ...upload },
  ]),
)

export function uploadTarget(name: string): UploadTarget | undefined {
  return Object.hasOwn(UPLOAD_TARGETS, name) ? UPLOAD_TARGETS[name] : undefined
}
