import { Card, Classes, Elevation, H1, H2, H3, NonIdealState } from '@blueprintjs/core'
import { RESOURCES } from '../../../../shared/resources/index.js'
import { LinkButton } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { useSession } from '../../lib/session.js'
import { usePageTitle } from '../../lib/use-page-title.js'

/**
 * /auth/home. The report-emailing utility cards and the statistics cards of spec 000 §2 come with
 * their own issues; until then this page links only to screens that exist (the registry's lists).
 */
export default function HomePage() {
  const { user } = useSession()
  usePageTitle('Home')
  const lists = RESOURCES.filter((r) => r.actions.includes('view'))
  return (
    <div className="page">
      <H1 className="page__title">Welcome{user?.name ? `, ${user.name}` : ''}</H1>
      <section aria-labelledby="quick-utilities">
        <H2 id="quick-utilities" className="section-title">
          Quick Utilities
        </H2>
        <div className="card-grid">
          {lists.map((r) => (
            <Card key={r.key} elevation={Elevation.ONE} className="utility-card">
              <H3 className={Classes.HEADING}>{r.messages.listTitle}</H3>
              <div className="utility-card__actions">
                <LinkButton href={paths.auth.resource.getHref('view', r.key)} icon="th">
                  {`Open ${r.messages.listTitle}`}
                </LinkButton>
                {r.actions.includes('create') && (
                  <LinkButton href={paths.auth.resource.getHref('create', r.key)} icon="add" minimal>
                    {r.messages.addLabel}
                  </LinkButton>
                )}
              </div>
            </Card>
          ))}
        </div>
      </section>
      <section aria-labelledby="statistics">
        <H2 id="statistics" className="section-title">
          Statistics
        </H2>
        <Card className="statistics-placeholder">
          <NonIdealState icon="timeline-bar-chart" description="Statistics are not available yet." />
        </Card>
      </section>
    </div>
  )
}
