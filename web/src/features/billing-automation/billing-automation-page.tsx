import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  H1,
  H2,
  HTMLSelect,
  Intent,
  NonIdealState,
  ProgressBar,
  Tab,
  Tabs,
} from '@blueprintjs/core'
import { format } from 'date-fns'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { BILLING_JOB_LABELS } from '../../../../shared/resources/billing-jobs.js'
import { BILL_PROVIDERS } from '../../../../shared/resources/cloud-bills.js'
import { getResource, type ModelRecord } from '../../../../shared/resources/index.js'
import {
  AzureInvoiceSchema,
  FINALIZE_FLAGS,
  GoogleInvoiceSchema,
  type FinalizeFlag,
} from '../../../../shared/schemas/billing-automation.js'
import { CallForm, type CallFieldDef } from '../../components/call-form/index.js'
import { FileField } from '../../components/file-field/index.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { ListView } from '../../components/resource-table/index.js'
import { paths } from '../../config/paths.js'
import { apiUpload } from '../../lib/api-client.js'
import { plural } from '../../../../shared/plural.js'
import { useResourceList } from '../../lib/resource-api.js'
import { ResourceProvider } from '../../lib/resource-context.js'
import { useCall, useDeclaredCall } from '../../lib/use-call.js'
import { useListController } from '../../lib/use-list-controller.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import '../../components/resource-table/resource-table.css'
import '../../components/resource-form/resource-form.css'

const jobs = getResource('billing_jobs')
const PROVIDER_LABELS: Record<Provider, string> = { gcp: 'GCP', azure: 'Azure', aws: 'AWS' }
const TABS = { process: 'Process an Invoice', finalize: 'Finalize Invoice', gcp: 'GCP Trigger' } as const
type TabId = keyof typeof TABS

/** The page's tab lives in the URL (?tab=finalize), so a reload or a shared link opens the same one. */
function useTab(): [TabId, (tab: TabId) => void] {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const requested = new URLSearchParams(search).get('tab')
  const tab = requested && requested in TABS ? (requested as TabId) : 'process'
  const select = (next: TabId) => {
    // the jobs list keeps its page and sort beside the tab
    const params = new URLSearchParams(search)
    if (next === 'process') params.delete('tab')
    else params.set('tab', next)
    const qs = params.toString()
    navigate(qs ? `${location}?${qs}` : location, { replace: true })
  }
  return [tab, select]
}

type Provider = (typeof BILL_PROVIDERS)[number]
/** both tabs list the providers alike, GCP first and chosen: AWS is last (the Process tab cannot process it) */
const PROVIDER_ORDER: readonly Provider[] = ['gcp', 'azure', 'aws']

function ProviderSelect(props: { id: string; value: Provider; onChange: (p: Provider) => void; disabled?: readonly Provider[] }) {
  return (
    <HTMLSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as Provider)}>
      {PROVIDER_ORDER.map((p) => (
        <option key={p} value={p} disabled={props.disabled?.includes(p)}>
          {PROVIDER_LABELS[p]}
        </option>
      ))}
    </HTMLSelect>
  )
}

const INVOICE_ID: CallFieldDef = { name: 'data', label: 'Invoice id', kind: 'text' }
const MONTH: CallFieldDef = { name: 'date', label: 'Date', kind: 'text', placeholder: '202204', helper: 'The billing month, like 202204' }

/** Process an Invoice (spec 000 §2): GCP or Azure (AWS is not processed here), each with its own form. */
function ProcessTab({ onDone }: { onDone: () => void }) {
  const [provider, setProvider] = useState<Provider>('gcp')
  const azure = provider === 'azure'
  return (
    <CallForm
      key={provider}
      lead={
        <FormGroup label="Provider" labelFor="process-provider">
          <ProviderSelect id="process-provider" value={provider} onChange={setProvider} disabled={['aws']} />
        </FormGroup>
      }
      fields={azure ? [INVOICE_ID] : [INVOICE_ID, MONTH]}
      initial={azure ? { data: '' } : { data: '', date: '' }}
      schema={azure ? AzureInvoiceSchema : GoogleInvoiceSchema}
      envelope="cloud_bill"
      toBody={(v) => (azure ? { data: v.data.trim() } : { data: v.data.trim(), date: v.date.trim() })}
      actions={[
        {
          text: azure ? 'Process Azure Invoice' : 'Process Google Invoice',
          path: azure
            ? paths.api.billingAutomation.processAzureInvoice.getHref()
            : paths.api.billingAutomation.processGoogleInvoice.getHref(),
          successText: MESSAGES.dataSubmitted,
          failureText: MESSAGES.workbookUploadFailed,
        },
      ]}
      onSent={onDone}
    />
  )
}

interface FinalizeAnswer {
  data: { lines: number; inserted: number; owners_emailed: number }
}

const NO_FLAGS = Object.fromEntries(Object.keys(FINALIZE_FLAGS).map((flag) => [flag, false])) as Record<FinalizeFlag, boolean>

/** Finalize Invoice (spec 000 §2): provider, the invoice file, the four steps to run; a bar while it uploads. */
function FinalizeTab({ onDone }: { onDone: () => void }) {
  const [provider, setProvider] = useState<Provider>('gcp')
  const [file, setFile] = useState<File | undefined>()
  const [flags, setFlags] = useState(NO_FLAGS)
  const [progress, setProgress] = useState<number | undefined>()
  const [outcome, setOutcome] = useState<{ intent: Intent; title: string; text: string } | undefined>()

  const href = paths.api.upload.billing_jobs.getHref()
  const finalize = useCall(href, (form: FormData) => apiUpload<FinalizeAnswer>(href, form, setProgress), {
    successText: MESSAGES.dataSubmitted,
    failureText: MESSAGES.workbookUploadFailed,
    onSuccess: ({ data }) => {
      setOutcome({
        intent: Intent.SUCCESS,
        title: MESSAGES.dataSubmitted,
        text: `${plural(data.lines, 'line')} checked, ${plural(data.inserted, 'cloud bill')} added, ${plural(data.owners_emailed, 'cost center owner')} emailed.`,
      })
      onDone()
    },
    onError: (err) => setOutcome({ intent: Intent.DANGER, title: MESSAGES.workbookUploadFailed, text: err.message }),
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) return
    setOutcome(undefined)
    setProgress(0)
    const form = new FormData()
    form.set('provider', provider)
    for (const [flag, on] of Object.entries(flags)) form.set(flag, String(on))
    // the file last: the gateway reads the fields before the file it streams on
    form.set('file', file)
    await finalize.trigger(form)
    setProgress(undefined)
  }

  return (
    <Card className="form-card">
      <form onSubmit={(e) => void submit(e)} aria-label="Finalize an invoice">
        <FormGroup label="Provider" labelFor="finalize-provider">
          <ProviderSelect id="finalize-provider" value={provider} onChange={setProvider} />
        </FormGroup>
        <FileField
          id="finalize-file"
          accept=".xlsx,.csv"
          helperText="The invoice's lines as an .xlsx workbook (first sheet) or a CSV, in the cloud bills layout: Date, Provider, Identifier, Amount and the other bill columns"
          file={file}
          onChange={setFile}
        />
        <FormGroup label="Steps">
          {(Object.entries(FINALIZE_FLAGS) as [FinalizeFlag, string][]).map(([flag, label]) => (
            <Checkbox
              key={flag}
              label={label}
              checked={flags[flag]}
              onChange={(e) => {
                // read now: the event's target is gone by the time the updater runs
                const checked = e.currentTarget.checked
                setFlags((f) => ({ ...f, [flag]: checked }))
              }}
            />
          ))}
        </FormGroup>
        {progress !== undefined && <ProgressBar intent={Intent.PRIMARY} value={progress} aria-label="Upload progress" />}
        {outcome && (
          <Callout intent={outcome.intent} role={outcome.intent === Intent.DANGER ? 'alert' : 'status'} title={outcome.title}>
            {outcome.text}
          </Callout>
        )}
        <div className="form-actions">
          <Button type="submit" intent={Intent.PRIMARY} text="Submit" disabled={!file} loading={progress !== undefined} />
        </div>
      </form>
    </Card>
  )
}

/** GCP Trigger (spec 000 §2): 'Load GCP Data', confirmed first: every Google invoice still waiting becomes bills. */
function GcpTriggerTab({ onDone }: { onDone: () => void }) {
  const [asking, setAsking] = useState(false)
  const load = useDeclaredCall('billingAutomation', 'loadGcpData', {
    successText: ({ data }) =>
      data.invoices
        ? `${MESSAGES.dataSubmitted} ${plural(data.invoices, 'invoice')}, ${plural(data.inserted, 'bill')}.`
        : 'Every Google invoice is loaded already.',
    failureText: MESSAGES.workbookUploadFailed,
    onSuccess: () => {
      setAsking(false)
      onDone()
    },
  })
  return (
    <Card className="form-card">
      <p>Loads the charges of every Google invoice that has not been processed yet into the cloud bills.</p>
      <Button intent={Intent.PRIMARY} icon="cloud-download" text="Load GCP Data" onClick={() => setAsking(true)} />
      <ConfirmDialog
        isOpen={asking}
        question="Load GCP Data?"
        confirmText="Confirm"
        loading={load.isMutating}
        onConfirm={() => void load.trigger({ body: { cloud_bill: { provider: 'gcp' } } })}
        onCancel={() => setAsking(false)}
      >
        Every Google invoice still waiting becomes cloud bills.
      </ConfirmDialog>
    </Card>
  )
}

function renderJobCell(name: string, row: ModelRecord<'billing_jobs'>): ReactNode {
  // the time matters here: several jobs a day
  if (name === 'created_at') return typeof row.created_at === 'string' ? format(new Date(row.created_at), 'dd-MMM-yyyy HH:mm') : ''
  if (name === 'kind') return BILLING_JOB_LABELS[row.kind] ?? String(row.kind)
  if (name === 'provider') return row.provider ? PROVIDER_LABELS[row.provider] : ''
  return undefined
}

/** The jobs the automation ran, newest first: what the team hands on, and who asked. */
function JobsList({ list }: { list: ReturnType<typeof useListController> }) {
  const answer = useResourceList(jobs, list.query)
  return (
    <section aria-labelledby="billing-jobs-title" className="page__section">
      <H2 id="billing-jobs-title">{jobs.messages.listTitle}</H2>
      <ResourceProvider resource={jobs}>
        <ListView
          list={list}
          answer={answer}
          failedTitle="The jobs could not be loaded"
          renderCell={renderJobCell}
          // the jobs sit under the forms and are read one by one as each action records its own: a table
          initialLayout="table"
          empty={<NonIdealState icon="inbox" title="No billing jobs yet" />}
        />
      </ResourceProvider>
    </section>
  )
}

/** /auth/billing-automation (spec 000 §2, §7): process invoices, finalize one with a file, trigger the GCP load. */
export default function BillingAutomationPage() {
  usePageTitle('Billing Automation')
  const [tab, setTab] = useTab()
  const list = useListController(jobs)
  const { mutate } = useResourceList(jobs, list.query)
  const refresh = () => void mutate()
  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">Billing Automation</H1>
      </header>
      <Tabs id="billing-automation" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} large>
        <Tab id="process" title={TABS.process} panel={<ProcessTab onDone={refresh} />} />
        <Tab id="finalize" title={TABS.finalize} panel={<FinalizeTab onDone={refresh} />} />
        <Tab id="gcp" title={TABS.gcp} panel={<GcpTriggerTab onDone={refresh} />} />
      </Tabs>
      <JobsList list={list} />
    </div>
  )
}
