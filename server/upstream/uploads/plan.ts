import { UPLOAD_PLAN_LISTED, type PlannedRow, type UploadPlanAnswer } from '../../../shared/calls/answers.js'

/** A line the upload refuses: `messages` are the texts the upload's 422 names it with. */
export interface RefusedRow extends PlannedRow {
  messages: string[]
}

/**
 * What a file would do, line by line, found by the same parse, checks and look-ups as the upload:
 * the upload writes from it (or refuses with its first refusals), a dry run answers it.
 */
export interface UploadPlan {
  add: PlannedRow[]
  update: PlannedRow[]
  unchanged: number
  /** in the order the upload's checks found them (its 422 names the first) */
  refuse: RefusedRow[]
}

const listed = (rows: readonly PlannedRow[]) => ({
  total: rows.length,
  rows: [...rows]
    .sort((a, b) => a.row - b.row)
    .slice(0, UPLOAD_PLAN_LISTED)
    .map(({ row, identifier, detail }) => ({ row, identifier, detail })),
})

/** The dry run's answer: each list by line number, its first UPLOAD_PLAN_LISTED lines and its total. */
export function planAnswer(plan: UploadPlan): UploadPlanAnswer {
  return {
    data: { dry_run: true, add: listed(plan.add), update: listed(plan.update), unchanged: plan.unchanged, refuse: listed(plan.refuse) },
  }
}

/** A line refused for one reason, named as the upload's 422 names it (`Row 3: …` or `Row 3 (NET-1): …`). */
export function refused(row: number, identifier: string, detail: string, named = false): RefusedRow {
  return { row, identifier, detail, messages: [`Row ${row}${named ? ` (${identifier})` : ''}: ${detail}`] }
}
