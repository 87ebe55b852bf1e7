import { Card, Classes, Elevation, H1, H2, H3 } from '@blueprintjs/core'
import { RESOURCES } from '../../../../shared/resources/index.js'
import { LinkButton } from '../../components/links/index.js'
import { Permitted } from '../../components/permitted/index.js'
import { paths } from '../../config/paths.js'
import { need } from '../../lib/access.js'
import { useSession } from '../../lib/session.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { Statistics } from '../../components/statistics/index.js'
import { QuickUtilities } from './quick-utilities.js'
import '../../components/statistics/statistics.css'
import './home.css'

/**
 * Every word capitalised, as the home's cards read: spec 001 §2 writes the business units' add link
 * in lower case ('Add New business unit') for its own screens, which keep it.
 */
const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase())

/**
 * /auth/home. The registry's lists under "Reference data", and the Statistics section of spec 000 §2
 * (the dashboard counts), and the report-emailing "Quick Utilities" cards (quick-utilities.tsx).
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
        <QuickUtilities />
      </section>
      <section aria-labelledby="reference-data">
        <H2 id="reference-data" className="section-title">
          Reference data
        </H2>
        <div className="card-grid card-grid--wide">
          {lists.map((r) => {
            // two models list members: the card says which (CODE Members)
            const title = r.messages.menuLabel ?? r.messages.listTitle
            return (
              <Card key={r.key} elevation={Elevation.ONE} className="utility-card">
                <H3 className={Classes.HEADING}>{title}</H3>
                {/* 'Open' under the card's title, named in full for whoever does not see the card:
                    'Open Cloud Survey Responses Table' wrapped inside its button */}
                <div className="utility-card__actions utility-card__actions--stacked">
                  <LinkButton href={paths.auth.resource.getHref('view', r.key)} icon="th" aria-label={`Open ${title}`}>
                    Open
                  </LinkButton>
                  {r.actions.includes('create') && (
                    <Permitted need={need.model(r, 'create')}>
                      <LinkButton href={paths.auth.resource.getHref('create', r.key)} icon="add" minimal>
                        {titleCase(r.messages.addLabel)}
                      </LinkButton>
                    </Permitted>
                  )}
                </div>
              </Card>
            )
          })}
        </div>
      </section>
      <section aria-labelledby="statistics">
        <H2 id="statistics" className="section-title">
          Statistics
        </H2>
        <Statistics />
      </section>
    </div>
  )
}
