import type { FastifyPluginAsync } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { bulkRoutes } from './bulk-routes.js'
import { resourceRoutes } from './resource-routes.js'

/**
 * The generic CRUD of every registry model, in the provider's dialect (spec 001 §7). Written once
 * here; the web client's fetcher carries the same contract.
 *
 * Every request: `Authorization: Bearer <token>` (else 401 `{"error":"Unauthorized","statusCode":401}`);
 * the signed-in person's email in the `uid` header. Records travel in `data`.
 *
 *   GET    /<path>?page=1&per_page=25&sort=-created_at&by_<field>=…
 *            → 200 {"data":[{…}],"meta":{"total":N,"page":P,"per_page":K}}
 *            page is 1-based; per_page ≤ MAX_PAGE_SIZE; sort is a field, '-' for descending (id breaks
 *            ties); filters are the model's FilterDefs: 'text' = case-insensitive substring, 'exact' =
 *            equality, 'createdWithin' = created in the last N days, 'from' / 'until' = a date on or
 *            after / on or before the day given (yyyy-MM-dd, else 400 naming the parameter); 'All' or ''
 *            means no filter (and an exact filter's 'all' in any case: cloud bills' key=all).
 *            Paging, filtering, sorting and the total all happen in SQL, in one statement (a short page
 *            is counted by arithmetic, a full one by count(*); see db/records/list-page.ts).
 *   GET    /<path>/:id  → 200 {"data":{…}} | 404 {"error":"<Model> not found"}
 *   POST   /<path>      body {…} or {"<bodyKey>":{…}} → 201 {"data":{…, "id":N}}
 *   PUT    /<path>/:id  same bodies, partial update → 200 {"data":{…}}
 *   DELETE /<path>/:id  → 200 {"data":{"id":N}} | 409 while other rows still refer to it
 *
 *   POST   /<path>/bulk_delete, /<path>/bulk_update  many rows at once, all or nothing (bulk-routes.ts;
 *            the contract is shared/calls/bulk.ts)
 *
 * Every write of a model leaves an entry in its change log (GET /record_changes, read-only), in the
 * same transaction: who (uid), when, and the fields from → to (db/records/logged-writes.ts).
 *
 * Errors are `{"error":"<message>","statusCode":S,"fields"?:{"<field>":"<message>"}}`:
 * 400 a malformed request (unknown field or sort, wrong type, too long, missing required field),
 * 404 no such record, 409 `<Label> "<value>" already exists` or a row still in use,
 * 422 a lookup that names no existing row. Read-only fields sent back (id, created_at, joined names)
 * are ignored, so a client may PUT a record it read; write-only fields are never returned.
 */
export const crudRoutes: FastifyPluginAsync<{ resources: readonly ResourceDef[] }> = async (app, { resources }) => {
  for (const resource of resources) {
    await app.register(resourceRoutes, { prefix: `/${resource.path}`, resource, registry: resources })
    await app.register(bulkRoutes, { prefix: `/${resource.path}`, resource, registry: resources })
  }
}
