import { Button, Classes, H1, HTMLTable, NonIdealState, Switch } from '@blueprintjs/core'
import { useCallback, useMemo } from 'react'
import useSWR from 'swr'
import { useLocation, useSearch } from 'wouter'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import type { ListMeta } from '../../../../shared/schemas/common.js'
import { isDormant, type AdCloud, type AdGroup } from '../../../../shared/schemas/active-directory.js'
import { Pager } from '../../components/resource-table/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { PermissionSetDetails } from './permission-set-details.js'
import '../../components/resource-table/resource-table.css'
import './directory.css'

const TITLES: Record<AdCloud, string> = { aws: 'AWS Groups', azure: 'Azure Groups', gcp: 'GCP Groups' }

interface DirectoryQuery {
  dormant: boolean
  privileged: boolean
  page: number
  perPage: number
}

function queryOf(search: string, cloud: AdCloud): DirectoryQuery {
  const params = new URLSearchParams(search)
  const int = (name: string, fallback: number, max: number) => {
    const n = Number(params.get(name))
    return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback
  }
  return {
    dormant: params.get('dormant') === 'true',
    privileged: cloud === 'aws' && params.get('privileged') === 'true',
    page: int('page', 1, 1_000_000),
    perPage: int('per_page', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  }
}

function People({ emails, label }: { emails: readonly string[]; label: string }) {
  if (emails.length === 0) return <span className={Classes.TEXT_MUTED}>None</span>
  return (
    <ul className="directory__list" aria-label={label}>
      {emails.map((email) => (
        <li key={email}>{email}</li>
      ))}
    </ul>
  )
}

function GroupRow({ group }: { group: AdGroup }) {
  const sets = group.permission_set ? [group.permission_set] : group.gcp_ad_permission_set_mappings.map((m) => m.permission_set)
  return (
    <tr>
      <th scope="row" className="directory__name">
        {group.name}
      </th>
      <td>
        <People emails={group.members} label={`Members of ${group.name}`} />
      </td>
      <td>
        <People emails={group.owners} label={`Owners of ${group.name}`} />
      </td>
      <td>
        {group.cloud_parents.length === 0 ? (
          <span className={Classes.TEXT_MUTED}>None</span>
        ) : (
          <ul className="directory__list" aria-label={`Cloud parents of ${group.name}`}>
            {group.cloud_parents.map((p) => (
              <li key={p.id}>
                {p.name} <span className={Classes.TEXT_MUTED}>({p.id})</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        {isDormant(group) ? (
          <span className={Classes.TEXT_MUTED}>No permission set (dormant)</span>
        ) : (
          sets.map((set) => <PermissionSetDetails key={set.id} set={set} />)
        )}
      </td>
    </tr>
  )
}

/**
 * /auth/active-directory/groups-<cloud> (spec 000 §2, §4): the cloud's directory groups with their
 * members, owners, cloud parents and permission sets. The Dormant toggle switches between groups
 * without a permission set and those with one; on AWS a second toggle keeps only the privileged
 * access groups (APP_AWS_PIM…). Toggles and page live in the URL; the upstream filters and pages in SQL.
 */
export default function DirectoryPage({ params }: { params: { group?: string } }) {
  const cloud = (/^groups-(aws|azure|gcp)$/.exec(params.group ?? '')?.[1] ?? 'aws') as AdCloud
  usePageTitle(TITLES[cloud])
  const search = useSearch()
  const [location, navigate] = useLocation()
  const query = useMemo(() => queryOf(search, cloud), [search, cloud])
  const url = paths.api.directory.groups.getHref({
    // spec 000 §7: ?aws, ?azure, no flag for GCP
    ...(cloud !== 'gcp' && { [cloud]: '' }),
    dormant: String(query.dormant),
    ...(query.privileged && { privileged: 'true' }),
    page: String(query.page),
    per_page: String(query.perPage),
  })
  const { data, error, isLoading, mutate } = useSWR<{ data: AdGroup[]; meta: ListMeta }>(url, { keepPreviousData: true })

  const change = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search)
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key)
        else next.set(key, value)
      }
      const qs = next.toString()
      navigate(qs ? `${location}?${qs}` : location, { replace: true })
    },
    [search, location, navigate],
  )
  const rows = data?.data ?? []

  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">{TITLES[cloud]}</H1>
      </header>
      <div className="directory__toggles" role="group" aria-label="Group filters">
        <Switch
          label="Dormant"
          checked={query.dormant}
          onChange={(e) => change({ dormant: e.currentTarget.checked ? 'true' : null, page: null })}
        />
        {cloud === 'aws' && (
          <Switch
            label="Privileged access only"
            checked={query.privileged}
            onChange={(e) => change({ privileged: e.currentTarget.checked ? 'true' : null, page: null })}
          />
        )}
      </div>
      {error && !data ? (
        <NonIdealState
          icon="error"
          title="The groups could not be loaded"
          description={errorText(error)}
          action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
        />
      ) : (
        <>
          {/* the lists' surface: Blueprint's muted text keeps its contrast on the stripes laid over white,
              not over the page's grey; focusable, as it scrolls sideways on a narrow screen and holds
              nothing else a keyboard can reach */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label={TITLES[cloud]}>
            <HTMLTable
              className={isLoading && data ? 'directory__table directory__table--stale' : 'directory__table'}
              striped
              aria-label={TITLES[cloud]}
            >
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Members</th>
                  <th scope="col">Owners</th>
                  <th scope="col">Cloud Parents</th>
                  <th scope="col">Permission Sets</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((group) => (
                  <GroupRow key={group.id} group={group} />
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {data && rows.length === 0 && (
            <NonIdealState icon="people" title={query.dormant ? 'No dormant groups' : 'No groups with a permission set'} />
          )}
          <Pager
            page={query.page}
            perPage={query.perPage}
            total={data?.meta.total}
            onPage={(page) => change({ page: page === 1 ? null : String(page) })}
            onPerPage={(perPage) => change({ per_page: perPage === DEFAULT_PAGE_SIZE ? null : String(perPage), page: null })}
          />
        </>
      )}
    </div>
  )
}
