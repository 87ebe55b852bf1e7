import { Button, Card, Dialog, DialogBody, H1, HTMLTable, Intent, NonIdealState, Switch, Tag } from '@blueprintjs/core'
import { useCallback, useRef, useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { ConfigRecordDraft, ConfigRecordTexts } from '../../../../shared/rules/config-records.js'
import { parseTextList, stringifyTextList } from '../../../../shared/schemas/text-list.js'
import { Permitted } from '../../components/permitted/index.js'
import { Popconfirm } from '../../components/popconfirm/index.js'
import { ListPager } from '../../components/resource-table/index.js'
import { need } from '../../lib/access.js'
import { errorText, type ApiError } from '../../lib/api-client.js'
import { useResourceList, type Row } from '../../lib/resource-api.js'
import { bodySchemas, validateForm } from '../../lib/form-validation.js'
import { useListController } from '../../lib/use-list-controller.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { fieldErrorsOf, useCreateController, useDeleteController, useUpdateController } from '../../lib/write-controllers.js'
import { ConfigEditor, type ConfigRefusal } from './config-editor.js'
import '../../components/resource-table/resource-table.css'
import './config.css'

/** What one config screen shows: a registry model with a unique name and a list of texts. */
export interface ConfigScreenDef {
  resource: ResourceDef
  /** the model's name field and list field */
  nameField: string
  listField: string
  nameLabel: string
  /** the list and one value of it: 'Terms to Ignore' and 'Term to Ignore' */
  listLabel: string
  valueLabel: string
  /** in the failure texts: 'There was a problem deleting this <noun> record. Please try again.' */
  noun: string
  /** the create modal's title */
  createTitle: string
  texts: ConfigRecordTexts
}

const draftOf = (def: ConfigScreenDef, row: Row): ConfigRecordDraft => ({
  name: String(row[def.nameField] ?? ''),
  values: parseTextList(row[def.listField]),
})

/**
 * The missing-tags report and customers screens (spec 000 §2, §4, §5, §7, §8): the list, a view and
 * an edit mode, a create modal, 'Sure to delete?'. Lists travel as JSON text; the upstream is the
 * referee for duplicates beyond the page shown.
 */
export function ConfigPage({ def }: { def: ConfigScreenDef }) {
  const { resource } = def
  const title = resource.messages.listTitle
  usePageTitle(title)
  const list = useListController(resource)
  const { data, error, isLoading, mutate } = useResourceList(resource, list.query)
  const rows = data?.data ?? []
  const [editing, setEditing] = useState(false)
  const [creating, setCreating] = useState(false)
  // names the upstream refused as taken (another page holds them): the check as one types knows them from then on
  const [refusedNames, setRefusedNames] = useState<readonly string[]>([])
  const sentName = useRef('')
  // the upstream's per-field refusals of the last save, for the editor that sent it to show
  const refusal = useRef<ConfigRefusal>({})
  const rememberRefused = (err: ApiError) => {
    const fields = fieldErrorsOf(err)
    refusal.current = { name: fields[def.nameField], list: fields[def.listField] }
    if (err.status === 409 && fields[def.nameField]) setRefusedNames((names) => [...names, sentName.current])
  }
  const outcome = (saved: unknown): true | ConfigRefusal => (saved !== undefined ? true : refusal.current)
  const namesBut = (id?: number) => [...rows.filter((r) => r.id !== id).map((r) => String(r[def.nameField])), ...refusedNames]
  const body = (draft: ConfigRecordDraft) => {
    sentName.current = draft.name
    return { [def.nameField]: draft.name, [def.listField]: stringifyTextList(draft.values) }
  }

  // the body the upstream validates, checked in the browser with the same TypeBox object
  const schemaCheck = useCallback(
    (draft: ConfigRecordDraft): ConfigRefusal => {
      const fields = resource.fields.filter((f) => f.name === def.nameField || f.name === def.listField)
      const values = { [def.nameField]: draft.name, [def.listField]: stringifyTextList(draft.values) }
      const errors = validateForm(bodySchemas(resource).create, fields, values)
      return { name: errors[def.nameField], list: errors[def.listField] }
    },
    [resource, def.nameField, def.listField],
  )
  const create = useCreateController(resource, { onSuccess: () => setCreating(false), onError: rememberRefused })
  const update = useUpdateController(resource, { onError: rememberRefused })
  const remove = useDeleteController(resource, { failureText: MESSAGES.configDeleteFailed(def.noun) })

  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">{title}</H1>
        <div className="page__actions">
          <Permitted need={need.model(resource, 'update')}>
            <Switch
              label="Edit mode"
              checked={editing}
              onChange={(e) => setEditing(e.currentTarget.checked)}
              className="config-page__mode"
            />
          </Permitted>
          <Permitted need={need.model(resource, 'create')}>
            <Button icon="add" intent={Intent.PRIMARY} text="Create" onClick={() => setCreating(true)} />
          </Permitted>
        </div>
      </header>
      {error && !data ? (
        <NonIdealState
          icon="error"
          title="The list could not be loaded"
          description={errorText(error)}
          action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
        />
      ) : editing ? (
        <div className="config-page__cards">
          {rows.map((row) => (
            <Card
              key={`${row.id}-${String(row[def.nameField])}-${String(row[def.listField])}`}
              className="config-page__card"
              aria-label={String(row[def.nameField])}
              role="group"
            >
              <ConfigEditor
                idPrefix={`config-${row.id}`}
                nameLabel={def.nameLabel}
                listLabel={def.listLabel}
                valueLabel={def.valueLabel}
                initial={draftOf(def, row)}
                takenNames={namesBut(row.id)}
                texts={def.texts}
                schemaCheck={schemaCheck}
                busy={update.isMutating}
                submitText="Save"
                onSubmit={async (draft) => outcome(await update.trigger({ id: row.id, values: body(draft) }))}
                actions={
                  <Permitted need={need.model(resource, 'delete')}>
                    <Popconfirm
                      question={MESSAGES.sureToDelete}
                      button={{ icon: 'trash', intent: Intent.DANGER, text: 'Delete', variant: 'outlined', size: 'medium' }}
                      onConfirm={() => void remove.trigger(row.id)}
                    />
                  </Permitted>
                }
              />
            </Card>
          ))}
        </div>
      ) : (
        <HTMLTable className="resource-table config-page__table" striped aria-label={title}>
          <thead>
            <tr>
              <th>{def.nameLabel}</th>
              <th>{def.listLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{String(row[def.nameField] ?? '')}</td>
                <td>
                  {parseTextList(row[def.listField]).map((v, i) => (
                    <Tag key={i} minimal className="config-page__tag">
                      {v}
                    </Tag>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {data && rows.length === 0 && <NonIdealState icon="inbox" title="No records yet" />}
      {isLoading && !data ? null : <ListPager list={list} meta={data?.meta} />}
      <Dialog isOpen={creating} title={def.createTitle} icon="add" onClose={() => setCreating(false)} className="config-page__dialog">
        <DialogBody>
          <ConfigEditor
            idPrefix="config-new"
            nameLabel={def.nameLabel}
            listLabel={def.listLabel}
            valueLabel={def.valueLabel}
            initial={{ name: '', values: [''] }}
            takenNames={namesBut()}
            texts={def.texts}
            schemaCheck={schemaCheck}
            busy={create.isMutating}
            submitText="Create"
            onSubmit={async (draft) => outcome(await create.trigger(body(draft)))}
            actions={<Button text="Cancel" onClick={() => setCreating(false)} />}
          />
        </DialogBody>
      </Dialog>
    </div>
  )
}
