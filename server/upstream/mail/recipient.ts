import type { FastifyRequest } from 'fastify'
import { isEmailAddress } from '../../../shared/rules/email-address.js'
import { HttpError } from '../http-error.js'

/** The refusal of a report nobody could receive: a script (client credentials) has no address of its own. */
export const NO_RECIPIENT = 'Email is required: a script has no address of its own to send the report to'

/**
 * Who a report a person asks for goes to: the address the body names, else the caller's own, the
 * verified address the gateway passes as `uid`. A script's `uid` is its client id, no address: its
 * report needs one named, and without it the call is a 400 naming `email`, before anything is sent.
 */
export function recipientOf(request: FastifyRequest, named: string | undefined): string {
  if (named !== undefined) return named
  const uid = request.headers.uid
  if (typeof uid === 'string' && isEmailAddress(uid)) return uid
  throw new HttpError(400, NO_RECIPIENT, { email: NO_RECIPIENT })
}
