import { sql } from 'drizzle-orm'
import { rows, type Executor } from '../records/rows.js'
import type { ModelSeed } from './types.js'

/** The Azure management groups of the demo: corp and online make Production subscriptions (spec 000 §4). */
export const DEMO_AZURE_GROUPS = ['corp', 'online', 'sandbox', 'development', 'test', 'decommissioned'] as const

/** The GCP folders of the demo, under their labels. */
export const DEMO_GCP_FOLDERS = [
  { group_label: 'Production', name: 'prod-apps', folder_id: '401234567890' },
  { group_label: 'Production', name: 'prod-data', folder_id: '401234567891' },
  { group_label: 'Non-production', name: 'dev', folder_id: '402234567890' },
  { group_label: 'Non-production', name: 'staging', folder_id: '402234567891' },
  { group_label: 'Sandbox', name: 'sandbox', folder_id: '403234567890' },
] as const

/** Fills azure_groups and gcp_folders on first start (they are not registry models). */
export async function seedRequestTargets(db: Executor): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT (SELECT count(*) FROM azure_groups) + (SELECT count(*) FROM gcp_folders) AS n`)
  if (Number(n) > 0) return
  for (const name of DEMO_AZURE_GROUPS) await db.execute(sql`INSERT INTO azure_groups (name) VALUES (${name})`)
  for (const f of DEMO_GCP_FOLDERS)
    await db.execute(sql`INSERT INTO gcp_folders (folder_id, name, group_label) VALUES (${f.folder_id}, ${f.name}, ${f.group_label})`)
}

export const cloudRequestsSeed: ModelSeed = {
  model: 'cloud_requests',
  rows: [
    {
      request_type: 'Azure subscription',
      name: 'lottery-analytics',
      requested_by: 'alice@ccoe.example',
      details: JSON.stringify({
        subscription_name: 'lottery-analytics',
        group_id: 'corp',
        subscription_type: 'Production',
        cost_center_tag: '2000-LOT-12',
        owner_tag: 'alice@ccoe.example',
        project_name_tag: 'lottery-analytics',
      }),
    },
    {
      request_type: 'Spinco SG add',
      name: 'SG-SPINCO-DEVOPS',
      requested_by: 'bob@ccoe.example',
      details: JSON.stringify({ securityGroupName: 'SG-SPINCO-DEVOPS', users: 'carol@ccoe.example;dan@ccoe.example' }),
    },
  ],
  createdDaysAgo: [3, 1],
}
