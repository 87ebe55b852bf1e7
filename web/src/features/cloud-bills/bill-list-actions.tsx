import { LinkButton } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { BillExportButton } from './bill-export-button.js'

/** The history's header actions beside Upload (spec 001 §2): the billing dashboard and the Export Data dialog. */
export function BillListActions() {
  return (
    <>
      <LinkButton href={paths.auth.billsDashboard.getHref()} icon="timeline-bar-chart">
        Dashboard
      </LinkButton>
      <BillExportButton />
    </>
  )
}
