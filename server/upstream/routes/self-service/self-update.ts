import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS } from '../../../../shared/constants.js'
import { SELF_UPDATE_LABELS, type MemberSelfUpdate } from '../../../../shared/schemas/member-self-service.js'
import { getResource } from '../../../../shared/resources/index.js'
import { logWritten, rowsBefore } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import { rows } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { callAuthorOf } from '../crud/author.js'
import { declaredRoute } from '../declared.js'
import type { MemberCredentials } from './credential.js'
import { checkLink, LINK_REFUSALS, recordIssuedLink, spendLink } from './links.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** issues and checks the self-service credentials (credential.ts); decorated by app.ts */
    memberCredentials: MemberCredentials
  }
}

/**
 * The member self-service of spec 000 §2, §6, §7, on the CCoE members (dcoe_members: the model with
 * department, other_department and business_unit):
 *
 *   POST /dcoe/members/:id/credential (a signed-in person, `uid`)
 *     → 201 {"data":{"member_id","credential","expires_at","link":"/unauth/update-member?member_id=…&credential=…"}}
 *   POST /members/update-restricted/:member_id?credential=…  {department, other_department, business_unit}
 *     → 200 {"data":{"id","department","other_department","business_unit"}}, and the link is spent;
 *       403 for a wrong, expired, spent, replaced or other member's credential, or one claiming more
 *       than 7 days (before the body is looked at), each with its own text (links.ts); 422 for a
 *       department that is neither a known one nor the typed Other (the link stays unspent)
 *   GET /select_options?by_field=department|business_unit[&member_id=…&credential=…]
 *     → 200 {"data":[{"name","attributes":{"label"}}]}: for a signed-in person, or with a link that works
 *
 * Issuing a link replaces the member's earlier ones (issue 27 item 6).
 */
const calls = CALLS.selfService.calls

const memberRecords = recordRepository(getResource('dcoe_members'))

const signedIn = (request: FastifyRequest) => typeof request.headers.uid === 'string' && request.headers.uid !== ''

export const memberSelfServiceRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db
  const credentials = () => app.memberCredentials

  app.route<{ Params: { id: number } }>({
    ...declaredRoute(calls.credential),
    handler: async (request, reply) => {
      if (!signedIn(request)) throw new HttpError(401, 'Only the team issues member links')
      const { id } = request.params
      const { credential, nonce, expiresAt } = credentials().issue(id)
      if (!(await recordIssuedLink(db(), id, nonce))) throw new HttpError(404, 'Member not found')
      const link = `/unauth/update-member?${new URLSearchParams({ member_id: String(id), credential })}`
      return reply.code(201).send({ data: { member_id: id, credential, expires_at: expiresAt.toISOString(), link } })
    },
  })

  // the nonce of the link preValidation accepted, for the handler to spend
  const acceptedNonces = new WeakMap<FastifyRequest, string>()
  app.route<{ Params: { member_id: number }; Querystring: { credential?: string }; Body: MemberSelfUpdate }>({
    ...declaredRoute(calls.updateRestricted),
    schemaErrorFormatter: bodyErrorFormatter(SELF_UPDATE_LABELS),
    // the credential first: a stranger learns nothing from how a body is refused
    preValidation: async (request) => {
      // before validation the path parameter is still the URL's text, whatever the route's type says
      const raw = String(request.params.member_id)
      const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN
      const { credential } = request.query
      if (!Number.isInteger(id)) throw new HttpError(403, LINK_REFUSALS.invalid)
      const link = await checkLink(db(), credentials(), id, credential)
      if ('refusal' in link) throw new HttpError(403, link.refusal)
      acceptedNonces.set(request, link.nonce)
    },
    handler: async (request) => {
      const { member_id: id } = request.params
      const { department, business_unit: businessUnit } = request.body
      const other = request.body.other_department?.trim() || null
      if (other !== null && other !== department) {
        const message = 'With Other, the department is the one typed'
        throw new HttpError(422, message, { other_department: message })
      }
      // a refusal thrown in here rolls the spending back: only a successful update uses the link up
      return db().transaction(async (tx) => {
        const refusal = await spendLink(tx, id, acceptedNonces.get(request)!)
        if (refusal) throw new HttpError(403, refusal)
        if (other === null) {
          const [known] = await rows<{ name: string }>(tx, sql`SELECT name FROM departments WHERE name = ${department}`)
          if (!known)
            throw new HttpError(422, `Department "${department}" does not exist`, {
              department: `Department "${department}" does not exist`,
            })
        }
        const before = await rowsBefore(tx, memberRecords, [id])
        const [updated] = await rows<{ id: number; department: string; other_department: string | null; business_unit: string }>(
          tx,
          sql`UPDATE dcoe_members SET department = ${department}, other_department = ${other}, business_unit = ${businessUnit}
              WHERE id = ${id} RETURNING id, department, other_department, business_unit`,
        )
        if (!updated) throw new HttpError(404, 'Member not found')
        // a link holder is nobody the gateway names: the entry's source says it came through a member's link
        await logWritten(tx, callAuthorOf(request), memberRecords, [id], before)
        return { data: updated }
      })
    },
  })

  app.route<{ Querystring: { by_field: 'department' | 'business_unit'; member_id?: number; credential?: string } }>({
    ...declaredRoute(calls.selectOptions),
    handler: async (request) => {
      const { by_field: field, member_id: memberId, credential } = request.query
      // reference data for the team, and for a member holding a valid link (the public page)
      if (!signedIn(request)) {
        if (memberId === undefined) throw new HttpError(403, LINK_REFUSALS.invalid)
        const link = await checkLink(db(), credentials(), memberId, credential)
        if ('refusal' in link) throw new HttpError(403, link.refusal)
      }
      if (field === 'business_unit') {
        return {
          data: BUSINESS_UNIT_OPTIONS.map((name) => ({ name, attributes: { label: BUSINESS_UNIT_LABELS[name] } })),
        }
      }
      const departments = await rows<{ name: string }>(db(), sql`SELECT name FROM departments ORDER BY lower(name), id LIMIT 1000`)
      return { data: departments.map((d) => ({ name: d.name, attributes: { label: d.name } })) }
    },
  })
}
