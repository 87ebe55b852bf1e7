/**
 * Issue 27 item 6 over HTTP, through the gateway against the real upstream: a member's link works
 * once, however many try it at the same moment; a new link voids the older ones; a link claiming more
 * than 7 days is refused even when the upstream's own key signed it. Each refusal says which it is,
 * on the form's choices too (the public page loads them first and shows the reason), and changes
 * nothing.
 */
import t from 'tap'
import { sql } from 'drizzle-orm'
import { derivedSecret, memberCredentials } from '../../../../server/upstream/routes/self-service/credential.js'
import { LINK_REFUSALS } from '../../../../server/upstream/routes/self-service/links.js'
import { startGateway, startUpstream, TEST_UPSTREAM_TOKEN, testClock } from '../../../helper.js'
import { signedInApi } from '../../../lib/sign-in.js'

const DAY = 24 * 60 * 60 * 1000

t.test('member self-service links: single use, the latest only, 7 days at most', async (t) => {
  const clock = testClock(Date.UTC(2026, 0, 1))
  const { database, url } = await startUpstream(t, { memberCredentials: { now: clock.now } })
  const portal = await startGateway(t, url)
  const api = await signedInApi(portal.baseUrl)

  const members: { id: number }[] = (await api('GET', 'dcoe/members?per_page=4&sort=name')).json().data
  const issue = async (id: number): Promise<string> => {
    const issued = await api('POST', `dcoe/members/${id}/credential`)
    if (issued.status !== 201) throw new Error(`issuing a link: ${issued.status} ${issued.text}`)
    return issued.json().data.credential
  }
  const read = async (id: number) => {
    const { department, other_department, business_unit } = (await api('GET', `dcoe/members/${id}`)).json().data
    return { department, other_department, business_unit }
  }
  // no cookie: what the public page sends
  const anonymous = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${portal.baseUrl}/api/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const answer: any = await response.json()
    return { status: response.status, body: answer }
  }
  const update = (id: number, credential: string, body: unknown) =>
    anonymous('POST', `members/update-restricted/${id}?${new URLSearchParams({ credential })}`, body)
  const openPage = (id: number, credential: string) =>
    anonymous('GET', `select_options?${new URLSearchParams({ by_field: 'business_unit', member_id: String(id), credential })}`)
  const refused = (reason: keyof typeof LINK_REFUSALS) => ({ status: 403, body: { error: LINK_REFUSALS[reason], statusCode: 403 } })
  const finance = { department: 'Finance', other_department: null, business_unit: 'GAM' }

  t.test('a link works once', async (t) => {
    const { id } = members[0]
    const credential = await issue(id)
    const gone = 'Department "Nowhere" does not exist'
    t.same(
      await update(id, credential, { department: 'Nowhere', business_unit: 'LOT' }),
      { status: 422, body: { error: gone, statusCode: 422, fields: { department: gone } } },
      'a refused update leaves the link unspent',
    )
    t.same(await update(id, credential, finance), { status: 200, body: { data: { id, ...finance } } })
    t.same(await update(id, credential, { department: 'Legal', business_unit: 'LOT' }), refused('spent'), 'the second try')
    t.same(await openPage(id, credential), refused('spent'), 'the page opened again says so')
    t.same(await read(id), finance, 'the second try changed nothing')
  })

  t.test('two tries at the same moment: one update', async (t) => {
    const { id } = members[1]
    const credential = await issue(id)
    const answers = await Promise.all(
      ['GAM', 'LOT'].map((unit) => update(id, credential, { department: 'Finance', other_department: null, business_unit: unit })),
    )
    const won = answers.find((a) => a.status === 200)
    t.same(
      answers.filter((a) => a !== won),
      [refused('spent')],
      'the other finds the link spent',
    )
    t.same(await read(id), { ...finance, business_unit: won?.body.data.business_unit }, 'the winner’s update stands')
  })

  t.test('a new link voids the older ones', async (t) => {
    const { id } = members[2]
    const before = await read(id)
    const first = await issue(id)
    const second = await issue(id)
    t.same(await openPage(id, first), refused('voided'), 'the page of the older link says so')
    t.same(await update(id, first, finance), refused('voided'))
    t.same(await read(id), before, 'the older link changed nothing')
    t.same(await update(id, second, finance), { status: 200, body: { data: { id, ...finance } } }, 'the latest works')
    // a link issued after a used one works again: the team can always send a fresh one
    const third = await issue(id)
    t.same(await update(id, third, { ...finance, business_unit: 'LOT' }), {
      status: 200,
      body: { data: { id, ...finance, business_unit: 'LOT' } },
    })
  })

  t.test('7 days at most, even for a well-signed link', async (t) => {
    const { id } = members[3]
    const before = await read(id)
    // signed with the upstream's own key and stored as the member's latest link, as if the upstream
    // had issued it a day into the future: only its claimed expiry is wrong
    const eightDays = memberCredentials({ secret: derivedSecret(TEST_UPSTREAM_TOKEN), now: () => clock.now() + DAY }).issue(id)
    await issue(id)
    await database.db.execute(sql`UPDATE member_self_service_links SET nonce = ${eightDays.nonce} WHERE member_id = ${id}`)
    t.same(await openPage(id, eightDays.credential), refused('beyond-max-ttl'))
    t.same(await update(id, eightDays.credential, finance), refused('beyond-max-ttl'))
    t.same(await read(id), before, 'changed nothing')

    // a genuine link lasts exactly 7 days
    const sevenDays = await issue(id)
    clock.advance(7 * DAY - 1000)
    t.equal((await openPage(id, sevenDays)).status, 200, 'a second before the 7 days are over')
    clock.advance(1000)
    t.same(await openPage(id, sevenDays), refused('expired'))
    t.same(await update(id, sevenDays, finance), refused('expired'))
    t.same(await read(id), before, 'changed nothing')
  })
})
