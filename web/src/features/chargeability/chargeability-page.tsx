import { Button, Callout, Card, Classes, FormGroup, H1, HTMLSelect, Intent, NonIdealState, Spinner } from '@blueprintjs/core'
import useSWR from 'swr'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import {
  CHARGEABILITY_PROVIDERS,
  CHARGEABILITY_REASON_LABELS,
  CHARGEABILITY_REASONS,
  CHARGEABLE_KINDS,
  type ChargeabilityAnswer,
} from '../../../../shared/schemas/chargeability.js'
import { CsvLink } from '../../components/links/index.js'
import { Pager } from '../../components/resource-table/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { useUrlFilters } from '../../lib/use-url-filters.js'
import { ChargeabilityCounts } from './chargeability-counts.js'
import { callParams, CHARGEABILITY_PAGE_SIZES, filtersOf, searchOf } from './chargeability-query.js'
import { KIND_LABELS, UnchargeableTable } from './unchargeable-table.js'
import './chargeability.css'

const BUSINESS_UNITS = { model: 'business_units', labelField: 'name' } as const

interface SelectProps {
  id: string
  label: string
  value: string
  options: readonly (readonly [string, string])[]
  onChange: (value: string) => void
}

function FilterSelect({ id, label, value, options, onChange }: SelectProps) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">All</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  )
}

/**
 * Chargeability (issue 42 item 4, tag compliance): the cloud parents and virtual machines whose cost
 * center is missing, unknown, expired, not approved or has a terminated owner, counted per business
 * unit and provider with this month against last; filters in the URL, rows opening their records,
 * and the CSV of the same list.
 */
export default function ChargeabilityPage() {
  usePageTitle('Chargeability')
  const [filters, change] = useUrlFilters(filtersOf, searchOf)
  const units = useLookupOptions(BUSINESS_UNITS)
  const params = callParams(filters)
  const {
    data: answer,
    error,
    isLoading,
  } = useSWR<ChargeabilityAnswer>(
    paths.api.chargeability.unchargeable.getHref({ ...params, page: filters.page, per_page: filters.perPage }),
    { keepPreviousData: true },
  )

  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">Chargeability</H1>
        <CsvLink href={paths.api.chargeability.unchargeableCsv.getHref(params)} />
      </header>
      <Card className="chargeability-filters">
        <form className="chargeability-filters__form" aria-label="Chargeability filters" onSubmit={(e) => e.preventDefault()}>
          <FilterSelect
            id="chargeability-reason"
            label="Reason"
            value={filters.reason}
            options={CHARGEABILITY_REASONS.map((r) => [r, CHARGEABILITY_REASON_LABELS[r]] as const)}
            onChange={(reason) => change({ reason })}
          />
          <FilterSelect
            id="chargeability-business-unit"
            label="Business Unit"
            value={filters.business_unit}
            options={units.options.map((o) => [String(o.value), o.label] as const)}
            onChange={(business_unit) => change({ business_unit })}
          />
          <FilterSelect
            id="chargeability-provider"
            label="Provider"
            value={filters.provider}
            options={CHARGEABILITY_PROVIDERS.map((p) => [p, CLOUD_LABELS[p]] as const)}
            onChange={(provider) => change({ provider })}
          />
          <FilterSelect
            id="chargeability-kind"
            label="Kind"
            value={filters.kind}
            options={CHARGEABLE_KINDS.map((k) => [k, KIND_LABELS[k]] as const)}
            onChange={(kind) => change({ kind })}
          />
          <Button
            text="Clear filters"
            variant="minimal"
            onClick={() => change({ reason: '', business_unit: '', provider: '', kind: '' })}
          />
        </form>
      </Card>

      {error && !answer ? (
        <Callout intent={Intent.DANGER} title="The chargeability could not be loaded">
          {errorText(error)}
        </Callout>
      ) : !answer ? (
        <Spinner aria-label="Loading the chargeability" />
      ) : (
        <>
          {error && (
            <Callout intent={Intent.DANGER} title="The chargeability could not be refreshed">
              {errorText(error)}
            </Callout>
          )}
          <section className="page__section" aria-labelledby="chargeability-counts-title">
            <h2 id="chargeability-counts-title" className={Classes.HEADING}>
              Unchargeable resources by business unit and provider
            </h2>
            <ChargeabilityCounts meta={answer.meta} filters={filters} />
          </section>
          <section className="page__section" aria-labelledby="chargeability-list-title">
            <h2 id="chargeability-list-title" className={Classes.HEADING}>
              Resources that cannot be charged
            </h2>
            {answer.data.length === 0 ? (
              <NonIdealState icon="tick-circle" title="Every resource can be charged" description="No resource matches these filters." />
            ) : (
              <>
                <div className={isLoading ? 'chargeability-frame chargeability-frame--stale' : 'chargeability-frame'}>
                  <UnchargeableTable rows={answer.data} />
                </div>
                <Pager
                  page={filters.page}
                  perPage={filters.perPage}
                  total={answer.meta.count}
                  onPage={(page) => change({ page })}
                  onPerPage={(perPage) => change({ perPage })}
                  pageSizes={CHARGEABILITY_PAGE_SIZES}
                  noun="resource"
                />
              </>
            )}
          </section>
        </>
      )}
    </div>
  )
}
