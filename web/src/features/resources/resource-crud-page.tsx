import { H1 } from '@blueprintjs/core'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { InlineTable } from '../../components/inline-table/index.js'
import { usePageTitle } from '../../lib/use-page-title.js'

/** /auth/crud/<model>: the inline-editable table of the model (spec 001 §4). */
export function ResourceCrudPage({ resource }: { resource: ResourceDef }) {
  usePageTitle(resource.messages.listTitle)
  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">{resource.messages.listTitle}</H1>
      </header>
      <InlineTable resource={resource} />
    </div>
  )
}
