/**
 * The README's script examples, read from the README itself and run through the real gateway with
 * a script's bearer token: a README that drifted from what the portal takes fails here.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { scriptToken } from '../lib/sign-in.js'
import { readOutbox } from '../upstream/fixtures/outbox.js'

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

t.test('the README’s report email by curl: a script triggers it with its token, one email goes out', async (t) => {
  // the curl after "A script triggers a report email": its -d body and its URL
  const example = /A script triggers a report email[\s\S]*?```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? ''
  const body = /-d '([^']+)'/.exec(example)?.[1]
  const url = /http:\/\/127\.0\.0\.1:3000(\/api\/\S+)/.exec(example)?.[1]
  t.ok(body && url, 'the README has the example')
  t.match(example, /-H "Authorization: Bearer \$TOKEN"/, 'with the bearer token')

  const portal = await startPortal(t)
  const answer = await fetch(`${portal.baseUrl}${url!}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await scriptToken(portal.baseUrl)}`, 'content-type': 'application/json' },
    body,
  })
  t.same([answer.status, await answer.json()], [200, { data: { message: MESSAGES.reportEmailed } }])
  await portal.upstream.mail.idle()
  const mails = readOutbox(portal.outboxDir)
  t.same(
    mails.map((mail) => mail.headers.to),
    [(JSON.parse(body!) as { cost_center: { send_to: string } }).cost_center.send_to],
    'one email, to the address the script named',
  )
})
