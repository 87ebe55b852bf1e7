import { sql } from 'drizzle-orm'
import type { ListLayoutSettings, SavedView } from '../../../../shared/calls/list-views.js'
import { rows, type Executor } from '../../db/records/rows.js'

/**
 * The SQL of a person's list layouts and views (migration 050). Every statement names the owner:
 * a row of another's is never read, changed or deleted, and the caller cannot tell it exists.
 */

type Layout = Omit<ListLayoutSettings, 'model'>
type ViewFields = Omit<SavedView, 'id' | 'model'>

const VIEW_COLUMNS = sql`id, model, name, query, columns, is_default`
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

/** The owner's layout of a list, or null: the list's default. */
export async function readLayout(db: Executor, owner: string, model: string): Promise<Layout | null> {
  const [row] = await rows<{ columns: string[] | null; widths: Record<string, number> | null; layout: 'table' | 'grid' | null }>(
    db,
    sql`SELECT columns, widths, layout FROM list_layouts WHERE owner = ${owner} AND model = ${model}`,
  )
  if (!row) return null
  return {
    ...(row.columns && { columns: row.columns }),
    ...(row.widths && { widths: row.widths }),
    ...(row.layout && { layout: row.layout }),
  }
}

/** Saves the parts of the layout given; the parts left out keep their stored value. */
export async function saveLayout(db: Executor, owner: string, { model, ...layout }: ListLayoutSettings, at: Date): Promise<Layout> {
  await db.execute(
    sql`INSERT INTO list_layouts (owner, model, columns, widths, layout, updated_at)
        VALUES (${owner}, ${model}, ${json(layout.columns)}::jsonb, ${json(layout.widths)}::jsonb, ${layout.layout ?? null}, ${at.toISOString()})
        ON CONFLICT (owner, model) DO UPDATE SET
          columns = COALESCE(EXCLUDED.columns, list_layouts.columns),
          widths = COALESCE(EXCLUDED.widths, list_layouts.widths),
          layout = COALESCE(EXCLUDED.layout, list_layouts.layout),
          updated_at = EXCLUDED.updated_at`,
  )
  return (await readLayout(db, owner, model))!
}

export async function deleteLayout(db: Executor, owner: string, model: string): Promise<void> {
  await db.execute(sql`DELETE FROM list_layouts WHERE owner = ${owner} AND model = ${model}`)
}

export async function listViews(db: Executor, owner: string, model: string): Promise<SavedView[]> {
  return rows<SavedView>(
    db,
    sql`SELECT ${VIEW_COLUMNS} FROM list_views WHERE owner = ${owner} AND model = ${model} ORDER BY lower(name), id LIMIT 200`,
  )
}

/** The one default of a list: making a view the default unmakes the previous one (same transaction). */
async function clearDefault(db: Executor, owner: string, model: string, except: number | null): Promise<void> {
  await db.execute(
    sql`UPDATE list_views SET is_default = false
        WHERE owner = ${owner} AND model = ${model} AND is_default AND id IS DISTINCT FROM ${except}`,
  )
}

export async function createView(db: Executor, owner: string, model: string, view: ViewFields, at: Date): Promise<SavedView> {
  if (view.is_default) await clearDefault(db, owner, model, null)
  const [created] = await rows<SavedView>(
    db,
    sql`INSERT INTO list_views (owner, model, name, query, columns, is_default, updated_at)
        VALUES (${owner}, ${model}, ${view.name}, ${json(view.query)}::jsonb, ${json(view.columns)}::jsonb, ${view.is_default}, ${at.toISOString()})
        RETURNING ${VIEW_COLUMNS}`,
  )
  return created
}

/** The owner's view, or undefined (none of that id, or another person's). */
export async function readView(db: Executor, owner: string, id: number): Promise<SavedView | undefined> {
  const [view] = await rows<SavedView>(db, sql`SELECT ${VIEW_COLUMNS} FROM list_views WHERE id = ${id} AND owner = ${owner}`)
  return view
}

export async function updateView(db: Executor, owner: string, current: SavedView, change: Partial<ViewFields>, at: Date) {
  if (change.is_default) await clearDefault(db, owner, current.model, current.id)
  const [updated] = await rows<SavedView>(
    db,
    sql`UPDATE list_views SET
          name = COALESCE(${change.name ?? null}, name),
          query = COALESCE(${json(change.query)}::jsonb, query),
          columns = COALESCE(${json(change.columns)}::jsonb, columns),
          is_default = COALESCE(${change.is_default ?? null}::boolean, is_default),
          updated_at = ${at.toISOString()}
        WHERE id = ${current.id} AND owner = ${owner}
        RETURNING ${VIEW_COLUMNS}`,
  )
  return updated as SavedView | undefined
}

export async function deleteView(db: Executor, owner: string, id: number): Promise<boolean> {
  return (await rows(db, sql`DELETE FROM list_views WHERE id = ${id} AND owner = ${owner} RETURNING id`)).length === 1
}
