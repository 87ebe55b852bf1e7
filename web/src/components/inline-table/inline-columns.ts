import { fieldOf, writableFields, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'

export interface InlineColumn {
  name: string
  label: string
  /** how the cell reads in view mode */
  view?: FieldDef
  /** the input the cell holds in edit mode (a join column edits its lookup: Owner → cloud_contact_id) */
  edit?: FieldDef
  /** the server sorts on it */
  sortable: boolean
}

/**
 * The registry's list columns, each paired with the field that edits it, then any writable field no
 * column shows (so an add row can fill every field). A lookup is edited once, in its first column.
 */
export function inlineColumns(resource: ResourceDef): InlineColumn[] {
  const used = new Set<string>()
  const columns: InlineColumn[] = resource.columns.map((name) => {
    const view = fieldOf(resource, name)
    const target = view?.readOnly ? (view.join ? fieldOf(resource, view.join.via) : undefined) : view
    const edit = target && !target.readOnly && !used.has(target.name) ? target : undefined
    if (edit) used.add(edit.name)
    return { name, label: view?.label ?? name, view, edit, sortable: true }
  })
  for (const f of writableFields(resource)) {
    if (!used.has(f.name)) columns.push({ name: f.name, label: f.label, view: f, edit: f, sortable: false })
  }
  return columns
}
