import { Card, Classes, Elevation, H3, Spinner } from '@blueprintjs/core'
import type { ResourceKey } from '../../../../shared/resources/index.js'
import type { DashboardMeta } from '../../../../shared/schemas/dashboard.js'
import { paths } from '../../config/paths.js'
import { useDashboardMeta } from '../../lib/dashboard.js'
import { LinkButton } from '../links/index.js'
import './statistics.css'

/**
 * Spec 000 §2 (dash stats, and the home's Statistics): the four counts, each with a View Details link
 * to the list it counts (Team Members: the team's Members Table, as the Members menu opens). A count
 * of some of its list's rows says which (`note`).
 */
const STATISTICS: readonly { title: string; model: ResourceKey; count: keyof DashboardMeta; note?: string }[] = [
  { title: 'Team Members', model: 'dcoe_members', count: 'member_count' },
  { title: 'Cloud Accounts', model: 'cloud_parents', count: 'account_count' },
  { title: 'Cost Centers', model: 'cost_centers', count: 'valid_cost_center_count', note: 'Valid: not expired' },
  { title: 'Cloud Projects', model: 'cloud_projects', count: 'project_count' },
]

/** The four cards; the counts are the dashboard meta of `GET cloud_parents`, counted in SQL. */
export function Statistics() {
  const { data, error } = useDashboardMeta()
  return (
    <div className="card-grid">
      {STATISTICS.map(({ title, model, count, note }) => {
        const n = data?.meta[count]
        const value =
          typeof n === 'number' ? n.toLocaleString('en-US') : error ? '—' : <Spinner size={20} aria-label={`Loading ${title}`} />
        return (
          <Card key={model} elevation={Elevation.ONE} className="utility-card statistic" role="region" aria-label={title}>
            <H3 className={Classes.HEADING}>{title}</H3>
            <div className="statistic__value">{value}</div>
            {note && <div className={`statistic__note ${Classes.TEXT_MUTED}`}>{note}</div>}
            <div className="utility-card__actions">
              <LinkButton href={paths.auth.resource.getHref('view', model)} icon="th" minimal>
                View Details
              </LinkButton>
            </div>
          </Card>
        )
      })}
    </div>
  )
}
