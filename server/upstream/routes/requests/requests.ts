import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS, type CallDef } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { CloudRequestType } from '../../../../shared/resources/cloud-requests.js'
import { getResource, type ResourceDef } from '../../../../shared/resources/index.js'
import { missingTagsEmailsProblem, subscriptionTypeOf, usersProblem } from '../../../../shared/rules/cloud-requests.js'
import {
  REQUEST_FIELD_LABELS,
  type AwsAccountRequest,
  type AzureSubscriptionRequest,
  type GcpProjectRequest,
  type SpincoSgRequest,
} from '../../../../shared/schemas/cloud-requests.js'
import { logWritten } from '../../db/records/logged-writes.js'
import type { Db } from '../../db/client.js'
import { recordRepository } from '../../db/records/repository.js'
import { rows } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { requesterOf, type Requester } from '../crud/author.js'
import { declaredRoute } from '../declared.js'

const calls = CALLS.requests.calls

/**
 * The Cloud Factory calls of spec 000 §7. Each validates its body (shared/schemas/cloud-requests.ts:
 * a 400 naming the field), checks what only the database knows (the Azure group, the GCP folder: a
 * 422), then keeps the request in cloud_requests with who asked (the gateway's `uid`) and when.
 *
 *   POST /account/create              {accountEmail, accountName, ou, …, missingTagsEmails: "a@x, b@y", regions: [..]}
 *   POST /azure-subscriptions/create  {subscription_name, group_id, subscription_type, …}
 *   POST /gcp-project/create          {project_name, folder_id, …}
 *   POST /spinco_sgs/add | /remove    {securityGroupName, users: "a@x;b@y"}
 *     → 201 {"data":{"id","request_type","name","message"}}
 */

const refuse = (status: number, field: string, message: string): never => {
  throw new HttpError(status, message, { [field]: message })
}

const requestRecords = recordRepository(getResource('cloud_requests'))

/** Keeps the request and its change-log entry, in one transaction. */
async function store(db: Db, type: CloudRequestType, name: string, author: Requester, details: unknown) {
  return db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO cloud_requests (request_type, name, requested_by, details)
          VALUES (${type}, ${name}, ${author.by}, ${JSON.stringify(details)}) RETURNING id`,
    )
    await logWritten(tx, author, requestRecords, [Number(row.id)])
    return row.id
  })
}

export const cloudRequestRoutes: FastifyPluginAsync<{ resource: ResourceDef }> = async (app) => {
  const db = () => app.database.db
  const schemaErrorFormatter = bodyErrorFormatter(REQUEST_FIELD_LABELS)

  function post<B>(call: CallDef, type: CloudRequestType, handle: (b: B) => Promise<{ name: string; message: string }>) {
    app.route<{ Body: B }>({
      ...declaredRoute(call),
      schemaErrorFormatter,
      handler: async (request, reply) => {
        const by = requesterOf(request)
        const { name, message } = await handle(request.body as B)
        const id = await store(db(), type, name, by, request.body)
        return reply.code(201).send({ data: { id, request_type: type, name, message } })
      },
    })
  }

  post<AwsAccountRequest>(calls.awsAccount, 'AWS account', async (b) => {
    const problem = missingTagsEmailsProblem(b.missingTagsEmails)
    if (problem) refuse(400, 'missingTagsEmails', problem)
    return { name: b.accountName, message: MESSAGES.requestSubmitted }
  })

  post<AzureSubscriptionRequest>(calls.azureSubscription, 'Azure subscription', async (b) => {
    const [group] = await rows<{ name: string }>(db(), sql`SELECT name FROM azure_groups WHERE name = ${b.group_id}`)
    if (!group) refuse(422, 'group_id', `Group "${b.group_id}" does not exist`)
    // spec 000 §4: the type follows from the group, whatever a client says
    const expected = subscriptionTypeOf(b.group_id)
    if (b.subscription_type !== expected)
      refuse(422, 'subscription_type', `Subscription Type must be ${expected} for the group ${b.group_id}`)
    return { name: b.subscription_name, message: MESSAGES.requestSubmitted }
  })

  post<GcpProjectRequest>(calls.gcpProject, 'GCP project', async (b) => {
    const [folder] = await rows<{ id: number }>(db(), sql`SELECT id FROM gcp_folders WHERE folder_id = ${b.folder_id}`)
    if (!folder) refuse(422, 'folder_id', `Folder "${b.folder_id}" does not exist`)
    return { name: b.project_name, message: MESSAGES.requestSubmitted }
  })

  for (const [call, type, message] of [
    [calls.spincoSgAdd, 'Spinco SG add', MESSAGES.usersAdded],
    [calls.spincoSgRemove, 'Spinco SG remove', MESSAGES.usersRemoved],
  ] as const) {
    post<SpincoSgRequest>(call, type, async (b) => {
      const problem = usersProblem(b.users)
      if (problem) refuse(400, 'users', problem)
      return { name: b.securityGroupName, message }
    })
  }
}
