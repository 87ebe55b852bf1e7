import { NonIdealState } from '@blueprintjs/core'
import { usePageTitle } from '../../lib/use-page-title.js'

/** /redirect (spec 000 §7, §8): where the member self-service lands after a successful update. */
export function ThankYouPage() {
  usePageTitle('Thank you')
  return (
    <div className="page page--centered">
      <NonIdealState icon="tick-circle" title="Thank you!" description="Your details have been updated. You can close this page now." />
    </div>
  )
}
