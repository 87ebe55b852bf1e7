import { Callout, Classes, HTMLTable, Intent, Tab, Tabs, Tag } from '@blueprintjs/core'
import { useEffect, useRef, useState } from 'react'
import type { UploadPlanAnswer } from '../../../../shared/calls/answers.js'
import { plural } from '../../../../shared/plural.js'
import './upload-dialog.css'

/** What a dry run of an upload answered (shared/calls/answers.ts). */
export type UploadPlan = UploadPlanAnswer['data']
type ListName = 'add' | 'update' | 'refuse'

const LISTS: readonly { name: ListName; title: string; detail: string }[] = [
  { name: 'add', title: 'To add', detail: 'What it adds' },
  { name: 'update', title: 'To update', detail: 'What it changes' },
  { name: 'refuse', title: 'Refused', detail: 'Why' },
]

/** One list's lines: line number, what the line names, what it does or why it is refused. */
function PlanTable({ plan, list }: { plan: UploadPlan; list: (typeof LISTS)[number] }) {
  const { total, rows } = plan[list.name]
  if (total === 0) return <p className={Classes.TEXT_MUTED}>No lines</p>
  return (
    <>
      <div className="upload-plan-table">
        <HTMLTable compact striped aria-label={list.title}>
          <thead>
            <tr>
              <th>Line</th>
              <th>Identifier</th>
              <th>{list.detail}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.identifier}</td>
                <td>{row.detail}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {total > rows.length && (
        <p className={Classes.TEXT_MUTED}>
          The first {rows.length.toLocaleString('en-US')} of {plural(total, 'line')}
        </p>
      )}
    </>
  )
}

/**
 * What an upload would do, from its dry run: the counts, and the lines to add, update and refuse
 * (tabs, arrow keys move between them). Refused lines come first when there are any: the upload
 * refuses the whole file while one is.
 */
export function UploadPlanSummary({ plan }: { plan: UploadPlan }) {
  const [tab, setTab] = useState<ListName>(plan.refuse.total > 0 ? 'refuse' : plan.add.total > 0 ? 'add' : 'update')
  const section = useRef<HTMLElement>(null)
  // a new summary takes the focus (its open tab): it is what to read before Confirm, and a second
  // Enter on the button that asked for it does not upload at once
  useEffect(() => {
    section.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()
  }, [plan])
  return (
    <section aria-label="What the file would do" className="upload-plan" ref={section}>
      <p className="upload-plan-counts">
        <Tag intent={Intent.SUCCESS} minimal>
          {plan.add.total} to add
        </Tag>
        <Tag intent={Intent.PRIMARY} minimal>
          {plan.update.total} to update
        </Tag>
        {plan.unchanged > 0 && <Tag minimal>{plan.unchanged} unchanged</Tag>}
        <Tag intent={plan.refuse.total > 0 ? Intent.DANGER : Intent.NONE} minimal>
          {plan.refuse.total} refused
        </Tag>
      </p>
      {plan.refuse.total > 0 ? (
        <Callout intent={Intent.WARNING} title="The upload will refuse this file">
          While a line is refused the upload writes nothing: fix the refused lines and choose the file again.
        </Callout>
      ) : (
        <Callout intent={Intent.PRIMARY}>Nothing is written until you confirm.</Callout>
      )}
      <Tabs id="upload-plan" selectedTabId={tab} onChange={(id) => setTab(id as ListName)}>
        {LISTS.map((list) => (
          <Tab
            key={list.name}
            id={list.name}
            title={`${list.title} (${plan[list.name].total})`}
            panel={<PlanTable plan={plan} list={list} />}
          />
        ))}
      </Tabs>
    </section>
  )
}
