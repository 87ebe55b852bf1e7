/**
 * Issue 42 item 2 through the gateway: a viewer reads the spend anomalies and cannot acknowledge one;
 * an editor acknowledges one, and the record history names the editor the gateway signed in (uid).
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { startPortal } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

t.test('the anomaly calls: roles, and who acknowledged in the history', async (t) => {
  const portal = await startPortal(t, { seed: false })
  // 2000 a month for six months, then 5000 this month: an anomaly
  await portal.database.db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency, reference)
    SELECT (date_trunc('month', now()) - make_interval(months => back))::date, 'aws', '3100-GAM-07',
           CASE WHEN back = 0 THEN 5000 ELSE 2000 END, 'USD', 'INV-' || back
    FROM generate_series(0, 6) AS back`)
  const [viewer, editor] = [
    await signIn(portal.baseUrl, 'vera@ccoe.example', 'vera'),
    await signIn(portal.baseUrl, 'bob@ccoe.example', 'bob'),
  ]
  const call = (cookie: string, path: string, body?: unknown) =>
    fetch(`${portal.baseUrl}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, origin: portal.baseUrl, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  const read = await call(viewer, 'cloud_bills/spend_anomalies')
  t.equal(read.status, 200)
  const [anomaly] = ((await read.json()) as { data: { identifier: string; month: string; currency: string }[] }).data
  t.strictSame([anomaly.identifier, anomaly.currency], ['3100-GAM-07', 'USD'], "this month's anomaly")

  const ack = {
    spend_anomaly_acknowledgement: { identifier: anomaly.identifier, month: `${anomaly.month}-01`, currency: 'USD', note: 'GPU trial' },
  }
  t.equal((await call(viewer, 'spend_anomaly_acknowledgements', ack)).status, 403, 'a viewer cannot acknowledge')
  const created = await call(editor, 'spend_anomaly_acknowledgements', ack)
  t.equal(created.status, 201, 'an editor can')
  const { id } = ((await created.json()) as { data: { id: number } }).data

  const history = await call(viewer, `record_changes?by_model=spend_anomaly_acknowledgements&by_record_id=${id}`)
  const entries = ((await history.json()) as { data: { action: string; changed_by: string }[] }).data
  t.strictSame(
    entries.map((e) => [e.action, e.changed_by]),
    [['create', 'bob@ccoe.example']],
    'the history names the editor',
  )
  const again = (await (await call(viewer, 'cloud_bills/spend_anomalies')).json()) as {
    data: { acknowledgement: { note: string; by: string } }[]
  }
  t.strictSame([again.data[0].acknowledgement.note, again.data[0].acknowledgement.by], ['GPU trial', 'bob@ccoe.example'])
})
