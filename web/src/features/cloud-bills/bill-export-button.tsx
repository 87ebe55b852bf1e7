import { Button, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core'
import { useState } from 'react'
import { exportWindow, isoDay } from '../../../../shared/billing/date-ranges.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { DateField } from '../../components/resource-form/index.js'
import { declaredRequest } from '../../lib/use-call.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'
import './cloud-bills.css'

type Scope = 'single' | 'all'

const sendSingle = declaredRequest('cloudBills', 'sendSingle')
const sendAll = declaredRequest('cloudBills', 'sendAll')

/**
 * The history's Export Data dialog (spec 001 §2, §7, §9): the bills of one identifier (send_single)
 * or all of them (send_all) dated in a window, this month by default (first day to last second),
 * emailed as CSV to the address given (prefilled with the signed-in person's).
 */
export function BillExportButton() {
  const [open, setOpen] = useState(false)
  const [scope, setScope] = useState<Scope>('single')
  const [identifier, setIdentifier] = useState('')
  const [days, setDays] = useState(() => {
    const window = exportWindow(new Date())
    return { start: isoDay(window.start), end: isoDay(window.end) }
  })
  const windowOk = days.start !== '' && days.end !== '' && days.start <= days.end

  const send = (email: string) => {
    // the window's first day from its first second to the last day's last second, in the person's days
    const window = { start_date: `${days.start} 00:00:00`, end_date: `${days.end} 23:59:59` }
    return scope === 'single'
      ? sendSingle({ body: { cloud_bill: { identifier: identifier.trim(), ...window, email } } })
      : sendAll({ body: { cloud_bill: { ...window, email } } })
  }

  return (
    <>
      <Permitted need={[need.call('cloudBills', 'sendSingle'), need.call('cloudBills', 'sendAll')]}>
        <Button icon="export" text="Export Data" onClick={() => setOpen(true)} />
      </Permitted>
      <EmailDialog
        successText={MESSAGES.reportEmailed}
        failureText={MESSAGES.billsExportFailed}
        isOpen={open}
        title="Export Data"
        send={send}
        onClose={() => setOpen(false)}
        ready={windowOk && (scope === 'all' || identifier.trim() !== '')}
      >
        <RadioGroup label="Bills" selectedValue={scope} onChange={(e) => setScope(e.currentTarget.value as Scope)} inline>
          <Radio label="One identifier" value="single" />
          <Radio label="All identifiers" value="all" />
        </RadioGroup>
        {scope === 'single' && (
          <FormGroup label="Identifier" labelFor="bill-export-identifier" helperText="A cost center or WBS, as the bills name it">
            <InputGroup id="bill-export-identifier" value={identifier} onValueChange={setIdentifier} autoComplete="off" />
          </FormGroup>
        )}
        <div className="form-row">
          <FormGroup label="From" labelFor="bill-export-start">
            <DateField
              id="bill-export-start"
              label="From"
              value={days.start || null}
              onChange={(start) => setDays((d) => ({ ...d, start: start ?? '' }))}
            />
          </FormGroup>
          <FormGroup
            label="To"
            labelFor="bill-export-end"
            intent={windowOk ? 'none' : 'danger'}
            helperText={windowOk ? undefined : 'The window needs a first day on or before its last'}
          >
            <DateField
              id="bill-export-end"
              label="To"
              value={days.end || null}
              onChange={(end) => setDays((d) => ({ ...d, end: end ?? '' }))}
            />
          </FormGroup>
        </div>
      </EmailDialog>
    </>
  )
}
