/**
 * The README's script examples, read from the README itself and run through the real gateway with
 * a script's bearer token: a README that drifted from what the portal takes fails here.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { SCRIPT_CLIENTS } from '../../server/idp/plugin.js'
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

  // the token the README's first example asks for: its client and scopes
  const asked = /TOKEN=\$\(curl -s -u ([\w-]+):([\w-]+) \\\n\s*-d grant_type=client_credentials -d scope='([\w ]+)'/.exec(README)
  const client = SCRIPT_CLIENTS.find((c) => c.clientId === asked?.[1] && c.clientSecret === asked[2])
  t.ok(client && asked, "the README's token request names a demo client and its secret")
  const portal = await startPortal(t)
  const answer = await fetch(`${portal.baseUrl}${url!}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await scriptToken(portal.baseUrl, client, asked![3])}`, 'content-type': 'application/json' },
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
