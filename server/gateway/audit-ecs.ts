/**
 * The audit line in Elastic Common Schema names (AUDIT_FORMAT=ecs, issue 43 item 4), so that
 * Elasticsearch, OpenSearch and Loki pipelines read it without a mapping of their own. One table
 * maps each of our fields to its ECS field; the writer (audit-chain.ts) turns a line into ECS, the
 * verifier and `GET /api/audit` turn it back, so both read either format. A field ECS has no name
 * for (the chain's `chain`, `seq`, `prev`, a CSV's `rows`…) goes under `ccoe`, our own namespace, as
 * ECS asks of custom fields; so does a field added later and not yet in the table.
 * (`@elastic/ecs-pino-format`, pino's ECS formatter, names pino's own fields and pino-http's `req` and
 * `res`, none of ours, and would be a dependency for that.)
 */

/** the ECS release whose field list (test/fixtures/ecs-fields.csv) the names come from */
export const ECS_VERSION = '9.4.0'
/** where the fields ECS has no name for go */
const CUSTOM = 'ccoe'

interface EcsField {
  ecs: string
  to?: (value: unknown) => unknown
  from?: (value: unknown) => unknown
}
// ECS gives durations in nanoseconds, and a user's roles as a list
const NS_PER_MS = 1_000_000
const durationNs: Omit<EcsField, 'ecs'> = {
  to: (ms) => (typeof ms === 'number' ? ms * NS_PER_MS : ms),
  from: (ns) => (typeof ns === 'number' ? ns / NS_PER_MS : ns),
}
const oneRole: Omit<EcsField, 'ecs'> = {
  to: (role) => (typeof role === 'string' ? [role] : role),
  from: (roles) => (Array.isArray(roles) ? roles[0] : roles),
}

/** our field → its ECS field, in the order of README's "Audit log" table */
export const ECS_FIELDS: Readonly<Record<string, EcsField>> = {
  time: { ecs: '@timestamp' },
  reqId: { ecs: 'http.request.id' },
  user: { ecs: 'user.name' },
  role: { ecs: 'user.roles', ...oneRole },
  method: { ecs: 'http.request.method' },
  path: { ecs: 'url.path' },
  status: { ecs: 'http.response.status_code' },
  durationMs: { ecs: 'event.duration', ...durationNs },
  bytesIn: { ecs: 'http.request.body.bytes' },
  bytesOut: { ecs: 'http.response.body.bytes' },
  event: { ecs: 'event.action' },
  reason: { ecs: 'event.reason' },
  recipients: { ecs: 'email.to.address' },
  file: { ecs: 'file.name' },
  replica: { ecs: 'service.node.name' },
}
const OURS = new Map(Object.entries(ECS_FIELDS).map(([ours, field]) => [field.ecs, { ours, from: field.from }]))
/** ECS fields the writer adds, told by the line's other fields: the reader drops them */
const DERIVED = new Set(['ecs.version', 'event.outcome'])

function put(target: Record<string, unknown>, dotted: string, value: unknown) {
  const names = dotted.split('.')
  let at = target
  for (const name of names.slice(0, -1)) at = (at[name] ??= {}) as Record<string, unknown>
  at[names.at(-1)!] = value
}

/** ECS's `event.outcome` of a status: none yet (a write's `forwarding` line) is unknown */
const outcome = (status: unknown) => (typeof status !== 'number' ? 'unknown' : status < 400 ? 'success' : 'failure')

/** Our line as ECS nested objects: `{"@timestamp":…,"ecs":{"version":…},"http":{"request":{"id":…}},…,"ccoe":{…}}`. */
export function toEcs(line: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const ecs: Record<string, unknown> = {}
  const custom: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(line)) {
    const field = ECS_FIELDS[name] as EcsField | undefined
    if (field) put(ecs, field.ecs, field.to ? field.to(value) : value)
    else custom[name] = value
    if (name === 'time') put(ecs, 'ecs.version', ECS_VERSION)
  }
  if ('status' in line) put(ecs, 'event.outcome', outcome(line.status))
  if (Object.keys(custom).length > 0) ecs[CUSTOM] = custom
  return ecs
}

/** An ECS line back in our names (toEcs undone). */
export function fromEcs(ecs: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const line: Record<string, unknown> = {}
  const visit = (object: Readonly<Record<string, unknown>>, prefix: string) => {
    for (const [name, value] of Object.entries(object)) {
      const dotted = prefix + name
      if (dotted === CUSTOM) Object.assign(line, value)
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) visit(value as Record<string, unknown>, `${dotted}.`)
      else if (!DERIVED.has(dotted)) {
        const ours = OURS.get(dotted)
        // a field no table names (added by a pipeline, say) keeps its ECS name
        if (ours) line[ours.ours] = ours.from ? ours.from(value) : value
        else line[dotted] = value
      }
    }
  }
  visit(ecs, '')
  return line
}

/** A parsed audit line of either format, in our names (an ECS line has `@timestamp`). */
export const auditFields = (parsed: Record<string, unknown>) => ('@timestamp' in parsed ? fromEcs(parsed) : parsed)
