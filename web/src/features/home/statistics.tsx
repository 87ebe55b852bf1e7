import { Card, Classes, Elevation, H3, Spinner } from '@blueprintjs/core'
import { getResource, type ResourceKey } from '../../../../shared/resources/index.js'
import { LinkButton } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { useResourceList } from '../../lib/resource-api.js'

/** spec 000 §4 (dash stats): the four counts, each with a View Details link to its list. */
const STATISTICS = [
  { title: 'Team Members', model: 'members' },
  { title: 'Cloud Accounts', model: 'cloud_parents' },
  { title: 'Cost Centers', model: 'cost_centers' },
  { title: 'Cloud Projects', model: 'cloud_projects' },
] as const satisfies readonly { title: string; model: ResourceKey }[]

/** A count is the list's total: one row asked for, the upstream counts in SQL. */
function StatisticCard({ title, model }: (typeof STATISTICS)[number]) {
  const resource = getResource(model)
  const { data, error } = useResourceList(resource, { page: 1, perPage: 1, sort: resource.defaultSort, filters: {} })
  const value = data ? data.meta.total.toLocaleString('en-US') : error ? '—' : <Spinner size={20} />
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={title}>
      <H3 className={Classes.HEADING}>{title}</H3>
      <div className="statistic__value">{value}</div>
      <LinkButton href={paths.auth.resource.getHref('view', model)} icon="th" minimal>
        View Details
      </LinkButton>
    </Card>
  )
}

export function Statistics() {
  return (
    <div className="card-grid">
      {STATISTICS.map((s) => (
        <StatisticCard key={s.model} {...s} />
      ))}
    </div>
  )
}
