import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core'
import { useState } from 'react'
import { getResource } from '../../../../shared/resources/index.js'
import type { SpendAnomaly } from '../../../../shared/schemas/spend-anomalies.js'
import { createRecord, updateRecord } from '../../lib/resource-api.js'
import { useCall } from '../../lib/use-call.js'
import { monthLabel } from './spend-query.js'

export const ACKNOWLEDGEMENTS = getResource('spend_anomaly_acknowledgements')

export interface AcknowledgeDialogProps {
  /** the anomaly acknowledged, or whose note is changed; null: closed */
  anomaly: SpendAnomaly | null
  onClose: () => void
  /** after the write: the anomaly lists read again */
  onSaved: () => void
}

/**
 * Acknowledges a spend anomaly with a note, or changes the note of one acknowledged: a write of the
 * registry's spend_anomaly_acknowledgements through the generic CRUD, so the record history keeps
 * each note with who wrote it and when.
 */
export function AcknowledgeDialog({ anomaly, onClose, onSaved }: AcknowledgeDialogProps) {
  const [busy, setBusy] = useState(false)
  const ack = anomaly?.acknowledgement ?? null
  const title = anomaly
    ? `${ack ? 'Change the note of' : 'Acknowledge'} ${anomaly.identifier}, ${monthLabel(anomaly.month)}${anomaly.currency ? ` (${anomaly.currency})` : ''}`
    : ''
  return (
    <Dialog isOpen={anomaly !== null} title={title} icon="endorsed" onClose={busy ? undefined : onClose} className="confirm-dialog">
      {/* a form per anomaly: each opening starts from its own note */}
      {anomaly && (
        <NoteForm
          key={`${anomaly.month} ${anomaly.identifier} ${anomaly.currency ?? ''}`}
          anomaly={anomaly}
          onBusy={setBusy}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  )
}

function NoteForm({
  anomaly,
  onBusy,
  onClose,
  onSaved,
}: { anomaly: SpendAnomaly; onBusy: (busy: boolean) => void } & Omit<AcknowledgeDialogProps, 'anomaly'>) {
  const ack = anomaly.acknowledgement
  const [note, setNote] = useState(ack?.note ?? '')
  const save = useCall(
    'acknowledge-anomaly',
    (a: SpendAnomaly) => {
      const values = { identifier: a.identifier, month: `${a.month}-01`, currency: a.currency, note: note.trim() }
      return a.acknowledgement ? updateRecord(ACKNOWLEDGEMENTS, a.acknowledgement.id, values) : createRecord(ACKNOWLEDGEMENTS, values)
    },
    {
      successText: (_answer, a) => (a.acknowledgement ? 'The note has been changed' : 'The anomaly has been acknowledged'),
      failureText: 'The acknowledgement could not be saved',
      onSuccess: () => {
        onSaved()
        onClose()
      },
    },
  )
  const refusal = save.fieldErrors.note
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        onBusy(true)
        void save.trigger(anomaly).finally(() => onBusy(false))
      }}
    >
      <DialogBody>
        <FormGroup
          label="Note"
          labelFor="anomaly-note"
          helperText={
            refusal ? <span role="alert">{refusal}</span> : 'Why the spend grew, or what is done about it: kept in the record history.'
          }
          intent={refusal ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="anomaly-note"
            required
            autoFocus
            fill
            rows={4}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={save.isMutating} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={ack ? 'Save note' : 'Acknowledge'}
              loading={save.isMutating}
              disabled={!note.trim()}
            />
          </>
        }
      />
    </form>
  )
}
