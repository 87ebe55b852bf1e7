import { createWriteStream } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finished, pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import fp from 'fastify-plugin'
import { discardUnreadBody } from '../unread-body.js'
import { recipientRefusal } from '../recipients.js'
import { whenClosed } from './audit.js'
import { refusalOf } from './auth.js'
import { replaceServerError } from '../upstream-errors.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { base64Body } from '../base64-body.js'
import { uploadPath, uploadTarget, type UploadTarget } from '../upload-targets.js'
import { CountingLimit } from '../body-limit.js'
import { upstreamClient, UpstreamError, type UpstreamClientOptions } from '../upstream-client.js'

export interface UploadsOptions extends UpstreamClientOptions {
  /** the largest file accepted, counted before base64 (which adds a third) */
  bodyLimitBytes: number
  /** uploads read and forwarded at once: each holds its file (on disk) until the upstream has it */
  inFlight: number
  /** the domains a load's summary may be emailed to */
  reportDomains: readonly string[]
}

/** What a client told to come back later waits, in seconds: an upload's usual time here. */
export const UPLOADS_RETRY_AFTER_SECONDS = 5

/**
 * The uploads one caller (a person, whichever sessions they use, or a script's client) may hold at
 * once: a quarter of the places, at least one. Four callers are needed to fill them, so one
 * caller's stalled or slow uploads leave places for the others (issue 37: eight stalled uploads
 * of one person held every place).
 */
export const uploadsPerCaller = (inFlight: number) => Math.ceil(inFlight / 4)

/** Room for the multipart framing and the few small fields around the file. */
const FRAMING_BYTES = 16 * 1024

/** Each upload's spool folder in the system's temporary folder: `ccoe-upload-<pid>-<random>`. */
const spoolPrefix = (pid: number) => `ccoe-upload-${pid}-`
const SPOOL_NAME = /^ccoe-upload-(\d+)-/

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the spool folders whose process is gone: a gateway killed mid-upload (by a signal, or
 * out of memory) never reached its cleanup, and its file would stay until the system clears /tmp.
 */
async function removeOrphanSpools(): Promise<string[]> {
  const dir = tmpdir()
  const orphans = (await readdir(dir)).filter((name) => {
    const pid = SPOOL_NAME.exec(name)?.[1]
    return pid !== undefined && !running(Number(pid))
  })
  await Promise.all(orphans.map((name) => rm(join(dir, name), { recursive: true, force: true })))
  return orphans
}

class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

interface ReceivedFile {
  name: string
  mime: string
  /** the spooled copy, read again as the upstream takes it */
  path: string
  size: number
}

function accepts(target: UploadTarget, name: string): boolean {
  return !target.extensions || target.extensions.some((ending) => name.toLowerCase().endsWith(ending))
}

/** The target's input fields from the form's values: checkboxes true or false, choices one of theirs. */
function inputOf(target: UploadTarget, values: Map<string, string>): Record<string, string | boolean> | undefined {
  if (!target.input) return undefined
  const input: Record<string, string | boolean> = {}
  for (const [name, kind] of Object.entries(target.input.fields)) {
    const value = values.get(name)
    if (kind === 'boolean') input[name] = value === 'true'
    else if (value !== undefined && kind.includes(value)) input[name] = value
    else throw new Refusal(422, `${name} must be one of ${kind.join(', ')}`)
  }
  return input
}

/**
 * Reads the form: one file, an optional email, the target's inputs. The file is spooled to `dir` as
 * it arrives (a 50 MB upload held in memory, then its base64, grew the process by about its size
 * three times over); only its size is counted here.
 */
async function readForm(request: FastifyRequest, target: UploadTarget, limit: number, dir: string) {
  let email: string | undefined
  let file: ReceivedFile | undefined
  let wrongName = false
  const values = new Map<string, string>()
  const fields = 4 + Object.keys(target.input?.fields ?? {}).length
  const parts = request.parts({ limits: { fileSize: limit, files: 1, fields, fieldSize: 1024, parts: fields + 1, headerPairs: 50 } })
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value !== 'string') continue
      if (part.fieldname === 'email') email = part.value.trim() || undefined
      else if (target.input && Object.hasOwn(target.input.fields, part.fieldname)) values.set(part.fieldname, part.value)
      continue
    }
    // a refused name is still read to its end, so the browser gets the 422 and not a reset connection
    wrongName = !accepts(target, part.filename)
    if (wrongName) {
      part.file.resume()
      await finished(part.file)
    } else {
      const path = join(dir, 'file')
      // multipart truncates the file at the same limit (part.file.truncated below)
      const counted = new CountingLimit(limit)
      await pipeline(part.file, counted, createWriteStream(path))
      file = { name: part.filename, mime: part.mimetype, path, size: counted.bytes }
    }
    if (part.file.truncated) throw new Refusal(413, 'Payload Too Large')
  }
  if (wrongName) throw new Refusal(422, target.extensionMessage ?? 'This kind of file is not accepted')
  if (!file || file.size === 0) throw new Refusal(400, 'A file is required')
  if (target.withEmail && email !== undefined && !/^[^\s@]{1,64}@[^\s@]{1,200}$/.test(email))
    throw new Refusal(422, 'The email is not valid')
  return { email, file, input: inputOf(target, values) }
}

/**
 * POST /api/upload/<target> (multipart): the file becomes the base64 JSON body the upstream expects
 * (upload-targets.ts), sent with the same fixed token and uid as the proxy; the upstream's status and
 * JSON come back as they are; the call's declared query (`?dry_run=true`) goes along. The file is
 * capped at bodyLimitBytes before any encoding, and nothing reaches the upstream until the whole form
 * is read and accepted. CSRF is the csrf plugin's (global).
 */
export const uploadsPlugin = fp<UploadsOptions>(
  async (fastify, opts) => {
    const call = upstreamClient(opts)
    const orphans = await removeOrphanSpools().catch((error: unknown) => {
      fastify.log.warn({ err: error }, 'uploads: the spool folders of gone processes could not be removed')
      return []
    })
    if (orphans.length) fastify.log.info({ removed: orphans }, 'uploads: removed the spool folders of gone processes')
    const limit = opts.bodyLimitBytes
    // uploads between their acceptance and their answer's close (a client that leaves frees its place),
    // in all and by caller
    let active = 0
    const heldBy = new Map<string, number>()
    const perCaller = uploadsPerCaller(opts.inFlight)
    const send = (reply: FastifyReply, status: number, error: string) => reply.code(status).send({ error, statusCode: status })
    /** the rest of a body this answer refuses is read first (or, past the bounds, the connection closes) */
    const refuseUnread = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await discardUnreadBody(request.raw))) reply.header('connection', 'close')
    }

    // multipart's content-type parser stays in this scope: the proxy must keep streaming raw bodies
    await fastify.register(async (scope) => {
      await scope.register(multipart)
      scope.post<{ Params: { target: string } }>('/api/upload/:target', async (request, reply) => {
        const target = uploadTarget(request.params.target)
        // resolved first so that a denial line names a signed-in caller
        const identity = await fastify.authenticate(request)
        if (!target) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'unknown upload target', status: 404 })
          return send(reply, 404, 'Not Found')
        }
        if (!identity) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'unauthenticated', status: 401 })
          return send(reply, 401, 'Unauthorized')
        }
        const refused = refusalOf(identity, target.permission)
        if (refused) {
          fastify.auditEvent(request, reply, 'denied', refused.fields)
          await refuseUnread(request, reply)
          return reply.code(403).send(refused.body)
        }
        /** no place for this upload now: the body is read and thrown away, so the client reads the answer */
        const noPlace = async (status: 429 | 503, reason: string, message: string) => {
          fastify.auditEvent(request, reply, 'denied', { reason, status })
          await refuseUnread(request, reply)
          return send(reply.header('retry-after', String(UPLOADS_RETRY_AFTER_SECONDS)), status, message)
        }
        if ((heldBy.get(identity.user) ?? 0) >= perCaller)
          return noPlace(429, 'uploads per caller', 'Too many of your uploads at once, please wait for one to finish')
        if (active >= opts.inFlight) return noPlace(503, 'uploads in flight', 'Too many uploads at once, please try again shortly')
        const stats: { bytesIn: number; bytesOut: number; file?: string; recipients?: string[] } = { bytesIn: 0, bytesOut: 0 }
        fastify.auditOnClose(request, reply, () => ({ upstream: target.path, ...stats }))
        // a client that left while it was being let in has no answer to wait for (its line says 499)
        if (reply.raw.closed) return reply.hijack()
        active++
        heldBy.set(identity.user, (heldBy.get(identity.user) ?? 0) + 1)
        fastify.metrics?.uploadsActive.inc()
        whenClosed(reply, () => {
          active--
          const left = heldBy.get(identity.user)! - 1
          if (left === 0) heldBy.delete(identity.user)
          else heldBy.set(identity.user, left)
          fastify.metrics?.uploadsActive.dec()
        })
        if (Number(request.headers['content-length'] ?? 0) > limit + FRAMING_BYTES) {
          await refuseUnread(request, reply)
          return send(reply, 413, 'Payload Too Large')
        }
        if (!request.isMultipart()) return send(reply, 415, 'Expected a multipart/form-data body')

        // the spooled file goes when the answer closes, whichever way it ends
        const dir = await mkdtemp(join(tmpdir(), spoolPrefix(process.pid)))
        reply.raw.once('close', () => void rm(dir, { recursive: true, force: true }))
        let form: Awaited<ReturnType<typeof readForm>>
        try {
          form = await readForm(request, target, limit, dir)
        } catch (error) {
          // a client that left mid-file (a premature close) has no answer to wait for, and is no server error
          // (its socket, not the request stream, which also ends destroyed once read whole)
          if (request.raw.socket.destroyed) return reply.hijack()
          const status = (error as { statusCode?: number }).statusCode
          if (status === 413) {
            await refuseUnread(request, reply)
            return send(reply, 413, 'Payload Too Large')
          }
          if (error instanceof Refusal || (status && status >= 400 && status < 500)) return send(reply, status!, (error as Error).message)
          throw error
        }
        stats.bytesIn = form.file.size
        stats.file = form.file.name
        const email = form.email ?? request.identity?.user
        // an address the form names; the caller's own is the IdP's word
        const refusedAddress =
          target.recipient && recipientRefusal(target.recipient, { [target.bodyKey]: { email: form.email } }, identity, opts.reportDomains)
        if (refusedAddress) return reply.code(refusedAddress.status).send(refusedAddress.body)
        if (target.recipient) stats.recipients = email === undefined ? [] : [email.trim()]
        try {
          const path = uploadPath(target, request.query as Record<string, unknown>)
          fastify.auditForwarding(request, reply)
          const answer = await call(request, 'POST', path, base64Body(target, form.file, email, form.input))
          stats.bytesOut = answer.bytes
          if (answer.json === undefined) return send(reply, 502, 'Upstream unavailable')
          if (answer.status >= 500) return replaceServerError(reply, answer.status, undefined, JSON.stringify(answer.json))
          return reply.code(answer.status).send(answer.json)
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error
          fastify.metrics?.upstreamFailure(error.statusCode === 504 ? 'timeout' : 'error')
          request.log.warn({ err: error }, 'upload: upstream call failed')
          return send(reply, error.statusCode, error.message)
        }
      })
    })
  },
  { name: 'uploads', dependencies: ['auth', 'audit', 'csrf'] },
)
