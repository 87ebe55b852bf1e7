import { Classes, Drawer, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core'
import useSWR from 'swr'
import { changedRecord, type AuditLine } from '../../../../shared/audit-trail.js'
import { LinkButton } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'

export interface AuditLineDrawerProps {
  /** the line shown, by its chain and place in it; none: the drawer is closed */
  line: { chain: string; seq: number } | undefined
  onClose: () => void
}

const cell = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** Every field of the line as written, and the history of the record it changed. */
function LineFields({ line }: { line: AuditLine }) {
  const record = changedRecord(line)
  return (
    <>
      <p className="audit-line__links">
        {record && (
          <>
            <LinkButton href={paths.auth.recordChanges.getHref(record.model, record.id)} icon="history" intent="primary">
              Record history
            </LinkButton>
            <span className={`${Classes.TEXT_MUTED} audit-line__record`}>
              of {record.model} {record.id}
            </span>
          </>
        )}
        {/* a write has two lines, before it went upstream and its outcome; a bulk call one per record */}
        {line.reqId && (
          <LinkButton href={paths.auth.audit.getHref({ reqId: line.reqId })} icon="search">
            Every line of this request
          </LinkButton>
        )}
      </p>
      <HTMLTable compact striped className="audit-line__fields" aria-label="Fields of the line">
        <tbody>
          {Object.entries(line).map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>
                <code>{cell(value)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  )
}

/** A line's detail, read by its own URL (GET /api/audit/<chain>/<seq>), so a link to the screen can name it. */
export function AuditLineDrawer({ line, onClose }: AuditLineDrawerProps) {
  const { data, error, isLoading } = useSWR<{ data: AuditLine }>(line ? paths.api.audit.line(line.chain, line.seq) : null)
  let body
  if (isLoading || (!data && !error)) body = <Spinner aria-label="Loading the line" />
  else if (error) body = <NonIdealState icon="error" title="The line could not be loaded" description={errorText(error)} />
  else if (data) body = <LineFields line={data.data} />
  return (
    <Drawer
      isOpen={line !== undefined}
      onClose={onClose}
      title="Audit line"
      icon="document"
      className="audit-line"
      size="min(640px, 100vw)"
    >
      {/* Blueprint's Drawer gives its panel no role: name the content for assistive technology (as the navbar's drawer) */}
      <div className={`${Classes.DRAWER_BODY} audit-line__body`} role="dialog" aria-modal aria-label="Audit line">
        {body}
      </div>
    </Drawer>
  )
}
