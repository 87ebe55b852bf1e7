import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { CallDef } from '../../../shared/calls/index.js'
import { INT4_MAX } from '../../../shared/schemas/resource-body.js'

/** A call that takes no payload takes `{}` and nothing else. */
const NoInputSchema = Type.Object({}, { additionalProperties: false })

/**
 * The route a declared call (shared/calls) is: its method and path, and its body, query and answer
 * (and its path's ids) as Fastify validates and serialises them. A special route spreads this into `app.route`, so the
 * upstream serves what the gateway forwards and /api/docs describes, from the one declaration.
 */
export function declaredRoute(call: CallDef) {
  // each `:<name>` of the path is a row id
  const ids = [...call.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, Type.Integer({ minimum: 1, maximum: INT4_MAX })])
  return {
    method: call.method,
    url: `/${call.path}`,
    schema: {
      ...(ids.length && { params: Type.Object(Object.fromEntries(ids)) }),
      ...(call.body !== undefined && { body: call.body === 'none' ? NoInputSchema : call.body }),
      ...(call.query && { querystring: call.query }),
      ...(call.answer && { response: { [call.status ?? 200]: call.answer } }),
    },
    // spec 000 §7 lists such POSTs without a payload: no body at all is `{}`
    ...(call.body === 'none' && {
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {}
      },
    }),
  }
}
