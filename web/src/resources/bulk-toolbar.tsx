import { Alert, Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent, ProgressBar } from '@blueprintjs/core'
import { useState } from 'react'
import { MAX_PAGE_SIZE } from '../../../shared/constants.js'
import { bulkActions, bulkFields } from '../../../shared/calls/bulk.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { FieldInput } from '../components/resource-form/index.js'
import { Permitted } from '../components/permitted/index.js'
import { need } from '../lib/access.js'
import { emptyValue, toPayload, type FormValues } from '../lib/form-values.js'
import { countText } from './bulk-texts.js'
import type { BulkActions } from './use-bulk-actions.js'
import './bulk-toolbar.css'

export interface BulkToolbarProps {
  resource: ResourceDef
  bulk: BulkActions
  /** the list's total (meta.total) and whether it is an estimate */
  total: number | undefined
  /** the inline table has a row open: the actions wait, as its rows' Edit and Delete do (spec 001 §4) @default false */
  disabled?: boolean
}

/**
 * What can be done to the selected rows: select every row matching the filters, delete them (one
 * confirmation naming the count, then Undo), or set one field on all of them. While the one
 * requests run, a progress bar says so: indeterminate for one request, which answers once; a
 * filter's rows go a page per request, and the bar fills as the pages are done.
 */
export function BulkToolbar({ resource, bulk, total, disabled = false }: BulkToolbarProps) {
  const [confirming, setConfirming] = useState(false)
  const [setting, setSetting] = useState(false)
  const actions = bulkActions(resource)
  const { selection, selectedCount } = bulk
  const progress = bulk.busy && (
    <div className="bulk-toolbar__progress" role="status">
      <span>
        {bulk.busyText} {countText(resource, bulk.busyCount)}…{bulk.busyDone > 0 && ` ${bulk.busyDone.toLocaleString('en')} done`}
      </span>
      <ProgressBar
        intent={Intent.PRIMARY}
        value={bulk.busyDone > 0 ? bulk.busyDone / bulk.busyCount : undefined}
        aria-label={`${bulk.busyText} ${countText(resource, bulk.busyCount)}`}
      />
    </div>
  )
  if (selectedCount === 0) return progress ? <div className="bulk-toolbar">{progress}</div> : null
  const pageAll = selection.kind === 'rows' && bulk.rowSelection.page === 'all'
  const more = total !== undefined && total > bulk.visible.length
  const chosen = countText(resource, selectedCount)
  return (
    <div className="bulk-toolbar" role="toolbar" aria-label="Bulk actions">
      <span className="bulk-toolbar__count">
        {selection.kind === 'matching' ? `All ${chosen} matching selected` : `${chosen} selected`}
      </span>
      {pageAll && more && (
        <Button variant="minimal" text={`Select all matching`} disabled={disabled} onClick={() => void bulk.selectAllMatching()} />
      )}
      <Button variant="minimal" icon="cross" text="Clear selection" onClick={bulk.clear} />
      {actions.includes('update') && bulkFields(resource).length > 0 && (
        <Permitted need={need.model(resource, 'update')}>
          <Button icon="edit" text="Set field…" disabled={disabled} onClick={() => setSetting(true)} />
        </Permitted>
      )}
      {actions.includes('delete') && (
        <Permitted need={need.model(resource, 'delete')}>
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text={`Delete ${selectedCount.toLocaleString('en-US')}…`}
            disabled={disabled}
            onClick={() => setConfirming(true)}
          />
        </Permitted>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          bulk.deleteSelected()
        }}
      >
        <p>Delete {chosen}?</p>
      </Alert>
      {progress}
      {setting && <SetFieldDialog resource={resource} bulk={bulk} onClose={() => setSetting(false)} />}
    </div>
  )
}

/** One field and its value, with the form's own input for the field (resource-form's FieldInput). */
function SetFieldDialog({ resource, bulk, onClose }: { resource: ResourceDef; bulk: BulkActions; onClose: () => void }) {
  const fields = bulkFields(resource)
  const [name, setName] = useState(fields[0].name)
  const field = fields.find((f) => f.name === name) ?? fields[0]
  const [value, setValue] = useState<FormValues[string]>(emptyValue(field))
  const error = bulk.update.fieldErrors[field.name]
  const title = `Set a field on ${countText(resource, bulk.selectedCount)}`
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <DialogBody>
        <FormGroup label="Field" labelFor="bulk-field">
          <HTMLSelect
            id="bulk-field"
            fill
            value={name}
            options={fields.map((f) => ({ value: f.name, label: f.label }))}
            onChange={(e) => {
              const next = fields.find((f) => f.name === e.currentTarget.value) ?? fields[0]
              setName(next.name)
              setValue(emptyValue(next))
              bulk.update.reset()
            }}
          />
        </FormGroup>
        <FormGroup label={field.label} labelFor="bulk-value" intent={error ? Intent.DANGER : undefined} helperText={error}>
          <FieldInput
            id="bulk-value"
            key={field.name}
            field={field}
            value={value}
            invalid={!!error}
            withNone={!field.required}
            onChange={setValue}
          />
        </FormGroup>
        <p className={Classes.TEXT_MUTED}>
          {bulk.selectedCount > MAX_PAGE_SIZE
            ? `They change ${MAX_PAGE_SIZE.toLocaleString('en')} at a time: a record changed since you loaded the list stops the change, and those changed before it stay changed.`
            : 'All of them change, or none: a record changed since you loaded the list stops the change.'}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Apply"
              loading={bulk.update.isMutating}
              onClick={async () => {
                const done = await bulk.setField(toPayload([field], { [field.name]: value }))
                if (done) onClose()
              }}
            />
          </>
        }
      />
    </Dialog>
  )
}
