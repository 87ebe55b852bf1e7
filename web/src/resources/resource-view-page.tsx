import { H1, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core'
import type { ComponentType, ReactNode } from 'react'
import { GoBackButton } from '../components/form-page.js'
import { LinkButton } from '../components/links/index.js'
import { Permitted } from '../components/permitted/index.js'
import { CellValue, mismatchProps } from '../components/resource-table/index.js'
import { paths } from '../config/paths.js'
import { need } from '../lib/access.js'
import { ApiError, errorText } from '../lib/api-client.js'
import { useResourceRecord, type Row } from '../lib/resource-api.js'
import { usePageTitle } from '../lib/use-page-title.js'
import { RecordHistory } from './record-history.js'
import { rowLabel } from './row-label.js'
import { viewFields } from './view-fields.js'
import { useResource } from '../lib/resource-context.js'
import '../components/resource-table/resource-table.css'
import './resource-view-page.css'

/**
 * /auth/view/<model>/<id>: one record read-only, each field under its registry label and shown as
 * the list shows it; Edit where the model has an edit form. A record the upstream does not have is
 * the app's not-found page, as is an id that is not one (`notFound`, from the router: a feature does
 * not import the app). Below, the model's own panel if it has one (a cost center's spend), then the
 * record's History from the change log (not for the log's own entries).
 */
export function ResourceViewPage({
  modelId,
  notFound,
  panel: Panel,
}: {
  modelId: string
  notFound: ReactNode
  panel?: ComponentType<{ row: Row }>
}) {
  const resource = useResource()
  // the upstream's ids are positive integers: any other names no record, and is not asked for
  const isId = /^[1-9]\d*$/.test(modelId)
  const { data, error, isLoading } = useResourceRecord(resource, isId ? modelId : undefined)
  const row = data?.data
  const title = row ? rowLabel(resource, row) : resource.messages.listTitle
  // the browser tab names the record once there is one (never over the not-found page's own title)
  usePageTitle(row ? title : undefined)

  if (!isId || (error instanceof ApiError && error.status === 404)) return notFound

  const listHref = paths.auth.resource.getHref('view', resource.key)
  const goBack = <GoBackButton href={listHref} />

  let body
  if (isLoading) body = <Spinner aria-label="Loading the record" />
  else if (error || !row)
    body = <NonIdealState icon="error" title="The record could not be loaded" description={errorText(error)} action={goBack} />
  else
    body = (
      <div className="table-scroll">
        <HTMLTable className="resource-table record-view" aria-label={title}>
          <tbody>
            {viewFields(resource).map((field) => (
              <tr key={field.name}>
                <th scope="row">{field.label}</th>
                <td {...mismatchProps(resource, row, field.name)}>
                  <CellValue field={field} value={row[field.name]} row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    )

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{title}</H1>
        {row && (
          <div className="page__actions">
            {goBack}
            {resource.actions.includes('edit') && (
              <Permitted need={need.model(resource, 'update')}>
                <LinkButton href={paths.auth.resource.getHref('edit', resource.key, modelId)} icon="edit" intent={Intent.PRIMARY}>
                  Edit
                </LinkButton>
              </Permitted>
            )}
          </div>
        )}
      </header>
      {body}
      {row && Panel && <Panel row={row} />}
      {row && !resource.readOnly && <RecordHistory recordId={Number(modelId)} />}
    </div>
  )
}
