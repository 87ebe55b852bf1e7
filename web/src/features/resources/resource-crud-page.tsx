import { H1 } from '@blueprintjs/core'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { InlineTable } from '../../components/inline-table/index.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import type { ResourceExtensions } from './extensions.js'

/** /auth/crud/<model>: the inline-editable table of the model (spec 001 §4), with the rules its form follows. */
export function ResourceCrudPage({ resource, ext = {} }: { resource: ResourceDef; ext?: ResourceExtensions }) {
  usePageTitle(resource.messages.listTitle)
  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">{resource.messages.listTitle}</H1>
      </header>
      <InlineTable resource={resource} derive={ext.derive} newValues={ext.newValues} reloadOnDuplicate={ext.reloadOnDuplicate} />
    </div>
  )
}
