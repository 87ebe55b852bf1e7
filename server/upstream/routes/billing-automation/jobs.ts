import { sql } from 'drizzle-orm'
import type { BillingJobKind } from '../../../../shared/resources/billing-jobs.js'
import { getResource } from '../../../../shared/resources/index.js'
import { logWritten } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import { rows, type Executor } from '../../db/records/rows.js'
import type { Requester } from '../crud/author.js'

export interface Job {
  kind: BillingJobKind
  provider: 'aws' | 'azure' | 'gcp' | null
  reference: string | null
  details: string
}

const jobRecords = recordRepository(getResource('billing_jobs'))

const clip = (text: string | null, max: number) => (text && text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** Records what a billing automation call did, with the jobs' change-log entries, in the caller's transaction (no job for work undone). */
export async function recordJobs(db: Executor, author: Requester, jobs: readonly Job[]): Promise<void> {
  const ids: number[] = []
  // a call records at most four jobs
  for (const job of jobs) {
    const [added] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO billing_jobs (kind, provider, reference, details, requested_by)
          VALUES (${job.kind}, ${job.provider}, ${clip(job.reference, 100)}, ${clip(job.details, 2000)}, ${author.by}) RETURNING id`,
    )
    ids.push(Number(added.id))
  }
  await logWritten(db, author, jobRecords, ids)
}
