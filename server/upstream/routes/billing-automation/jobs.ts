import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { BillingJobKind } from '../../../../shared/resources/billing-jobs.js'
import type { Executor } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'

export interface Job {
  kind: BillingJobKind
  provider: 'aws' | 'azure' | 'gcp' | null
  reference: string | null
  details: string
}

/** The signed-in person the gateway names (uid): every job says who asked for it. */
export function requester(request: FastifyRequest): string {
  const uid = request.headers.uid
  if (typeof uid !== 'string' || uid === '') throw new HttpError(401, 'No signed-in person (uid) came with the request')
  return uid
}

const clip = (text: string | null, max: number) => (text && text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** Records what a billing automation call did, in the caller's transaction (no job for work undone). */
export async function recordJobs(db: Executor, by: string, jobs: readonly Job[]): Promise<void> {
  for (const job of jobs) {
    await db.execute(sql`
      INSERT INTO billing_jobs (kind, provider, reference, details, requested_by)
      VALUES (${job.kind}, ${job.provider}, ${clip(job.reference, 100)}, ${clip(job.details, 2000)}, ${by})`)
  }
}
