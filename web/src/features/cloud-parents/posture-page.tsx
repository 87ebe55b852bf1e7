import { Button, Card, Classes, Elevation, H1, H3, HTMLTable, MenuItem, NonIdealState, Spinner } from '@blueprintjs/core'
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select'
import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { BUSINESS_UNIT_OPTIONS } from '../../../../shared/constants.js'
import { CLOUD_PROVIDER_LABELS, POSTURE_BUSINESS_UNITS } from '../../../../shared/rules/posture.js'
import { errorText } from '../../lib/api-client.js'
import { usePosture } from '../../lib/dashboard.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import './cloud-parents.css'

type Unit = (typeof POSTURE_BUSINESS_UNITS)[number]

/** What each cloud's card counts (spec 000 §2). */
const CARD_TITLES: Record<string, string> = {
  AzureCloudParent: 'Azure Subscriptions',
  AwsCloudParent: 'AWS Accounts',
  GcpCloudParent: 'GCP Projects',
}

/** `?business_units=CCOE,GAM` → those units; absent → all six (the default); empty → none. */
function unitsOf(search: string): string[] {
  const raw = new URLSearchParams(search).get('business_units')
  if (raw === null) return [...BUSINESS_UNIT_OPTIONS]
  const chosen = raw.split(',')
  return BUSINESS_UNIT_OPTIONS.filter((u) => chosen.includes(u))
}

/** A menu item of the multi-select, ticked while chosen. */
const unitRenderer =
  (chosen: readonly string[]): ItemRenderer<Unit> =>
  (unit, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={unit.value}
        ref={ref}
        text={unit.label}
        roleStructure="listoption"
        selected={chosen.includes(unit.value)}
        active={modifiers.active}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null

/**
 * /auth/account-details, Cloud Account Posture (spec 000 §2, §9): the Business Unit multi-select
 * (all six by default, kept in the URL), a card per cloud and its table by environment group. The
 * upstream counts in SQL (GET cloud_parents/posture) and groups with shared/rules/posture.ts.
 */
export default function PosturePage() {
  usePageTitle('Cloud Account Posture')
  const search = useSearch()
  const [location, navigate] = useLocation()
  const units = useMemo(() => unitsOf(search), [search])
  const { data, error, isLoading, mutate } = usePosture(units)

  const setUnits = useCallback(
    (next: readonly string[]) => {
      const params = new URLSearchParams(search)
      // all six is the default: a clean URL
      if (next.length === BUSINESS_UNIT_OPTIONS.length) params.delete('business_units')
      else params.set('business_units', BUSINESS_UNIT_OPTIONS.filter((u) => next.includes(u)).join(','))
      const qs = params.toString()
      navigate(qs ? `${location}?${qs}` : location, { replace: true })
    },
    [search, location, navigate],
  )
  const toggle = (unit: Unit) => setUnits(units.includes(unit.value) ? units.filter((u) => u !== unit.value) : [...units, unit.value])
  const selected = POSTURE_BUSINESS_UNITS.filter((u) => units.includes(u.value))

  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">Cloud Account Posture</H1>
      </header>
      <div className="posture-filter">
        <label className={Classes.LABEL} htmlFor="posture-business-units">
          Business Unit
        </label>
        <MultiSelect<Unit>
          items={[...POSTURE_BUSINESS_UNITS]}
          selectedItems={selected}
          itemRenderer={unitRenderer(units)}
          itemPredicate={(query, unit) => unit.label.toLowerCase().includes(query.toLowerCase())}
          onItemSelect={toggle}
          onRemove={(unit) => toggle(unit)}
          tagRenderer={(unit) => unit.value}
          placeholder="Choose business units…"
          resetOnSelect
          popoverProps={{ minimal: true }}
          tagInputProps={{
            inputProps: { id: 'posture-business-units', 'aria-label': 'Business Unit' },
            rightElement:
              units.length < BUSINESS_UNIT_OPTIONS.length ? (
                <Button minimal icon="reset" aria-label="All business units" onClick={() => setUnits(BUSINESS_UNIT_OPTIONS)} />
              ) : undefined,
          }}
        />
      </div>
      {units.length === 0 ? (
        <NonIdealState icon="filter" title="Pick at least one business unit" description="The counts are of the units chosen above." />
      ) : error && !data ? (
        <NonIdealState
          icon="error"
          title="The posture could not be loaded"
          description={errorText(error)}
          action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
        />
      ) : !data ? (
        <Spinner className="posture-loading" aria-label="Loading the posture" />
      ) : (
        <div className={isLoading ? 'posture posture--stale' : 'posture'}>
          <div className="posture-grid">
            {data.data.clouds.map((cloud) => (
              <Card key={cloud.provider_type} elevation={Elevation.ONE} role="region" aria-label={CARD_TITLES[cloud.provider_type]}>
                <H3 className={Classes.HEADING}>{CARD_TITLES[cloud.provider_type]}</H3>
                <div className="posture-total">{cloud.total.toLocaleString('en-US')}</div>
              </Card>
            ))}
          </div>
          <div className="posture-grid posture-tables">
            {data.data.clouds.map((cloud) => {
              const name = CLOUD_PROVIDER_LABELS[cloud.provider_type]
              return (
                <Card key={cloud.provider_type} elevation={Elevation.ONE}>
                  <HTMLTable compact striped aria-label={`${name} by environment`}>
                    <caption className="posture-caption">{`${name} by environment`}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Environment</th>
                        <th scope="col">Count</th>
                      </tr>
                    </thead>
                    <tbody>
                      {cloud.environments.map((row) => (
                        <tr key={row.environment}>
                          <th scope="row">{row.environment}</th>
                          <td>{row.count.toLocaleString('en-US')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </Card>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
}
