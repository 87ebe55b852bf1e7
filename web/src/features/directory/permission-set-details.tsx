import { Classes, Tag } from '@blueprintjs/core'
import { shownInlinePolicy, type PermissionSet } from '../../../../shared/schemas/active-directory.js'

/** JSON policies read better indented; any other text is shown as it is. */
function pretty(policy: string): string {
  try {
    return JSON.stringify(JSON.parse(policy), null, 2)
  } catch {
    return policy
  }
}

/** One permission set as the directory pages show it (spec 000 §3): its fields, the inline policy only when ≥ 5 characters. */
export function PermissionSetDetails({ set }: { set: PermissionSet }) {
  const inline = shownInlinePolicy(set.inline_policy)
  const rows: [string, string | null][] = [
    ['ID', String(set.id)],
    ['ARN', set.arn],
    ['Description', set.description],
    ['Duration', set.duration],
    ['Managed Policy', set.managed_policy],
    ['Relay', set.relay],
  ]
  return (
    <div className="permission-set" role="group" aria-label={`Permission set ${set.name}`}>
      <Tag minimal intent="primary" icon="key">
        {set.name}
      </Tag>
      <dl className="permission-set__fields">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt className={Classes.TEXT_MUTED}>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {inline && (
          <div>
            <dt className={Classes.TEXT_MUTED}>Inline Policy</dt>
            <dd>
              {/* a long policy scrolls in its box: focusable so that a keyboard scrolls it too */}
              <pre className="permission-set__policy" tabIndex={0} role="region" aria-label={`Inline policy of ${set.name}`}>
                {pretty(inline)}
              </pre>
            </dd>
          </div>
        )}
      </dl>
    </div>
  )
}
