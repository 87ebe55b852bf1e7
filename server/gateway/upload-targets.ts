import type { TSchema } from '@sinclair/typebox'
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
  /** the call's query (`dry_run`): its parameters pass on from /api/upload/<target>?…, the upstream checks their values */
  query?: TSchema
}

export const UPLOAD_TARGETS: Readonly<Record<string, UploadTarget>> = Object.fromEntries(
  UPLOADS.map(({ target, call, ...upload }) => [
    target,
    {
      path: call.path,
      permission: callPermission(call),
      ...(call.recipient && { recipient: call.recipient }),
      ...(call.query && { query: call.query }),
      ...upload,
    },
  ]),
)

export function uploadTarget(name: string): UploadTarget | undefined {
  return Object.hasOwn(UPLOAD_TARGETS, name) ? UPLOAD_TARGETS[name] : undefined
}

/** The upstream path of an upload, with the declared query parameters the caller gave (`?dry_run=true`). */
export function uploadPath(target: UploadTarget, query: Readonly<Record<string, unknown>>): string {
  const given = new URLSearchParams()
  for (const name of Object.keys((target.query?.properties ?? {}) as object))
    if (typeof query[name] === 'string') given.set(name, query[name])
  return given.size ? `${target.path}?${given}` : target.path
}
