/**
 * Issue 9 item 8 over HTTP, through the gateway against the real upstream: the team issues a member a
 * link (an expiring HMAC credential); with it, and without signing in, the member updates their
 * department and business unit, once. A wrong, expired, used or other member's credential is refused
 * and changes nothing; the gateway lets exactly this call (and the form's options, for a link holder)
 * through. Replaced links and the 7-day cap: member-self-service-links.test.ts.
 */
import t from 'tap'
import { memberCredentials } from '../../../../server/upstream/routes/self-service/credential.js'
import { LINK_REFUSALS } from '../../../../server/upstream/routes/self-service/links.js'
import { BUSINESS_UNIT_OPTIONS } from '../../../../shared/constants.js'
import { startGateway, startUpstream, testClock } from '../../../helper.js'
import { refusalMessage, MODEL_PERMISSIONS } from '../../../../shared/access.js'
import { SCRIPT_CLIENTS } from '../../../../server/idp/clients.js'
import { scriptToken, signedInApi, signIn } from '../../../lib/sign-in.js'

const DAY = 24 * 60 * 60 * 1000

t.test('credentials: issued per member, expiring, unforgeable, never past 7 days', async (t) => {
  const clock = testClock(Date.UTC(2026, 0, 1))
  const creds = memberCredentials({ secret: 's3cret', now: clock.now, ttlMs: DAY })
  const { credential, nonce, expiresAt } = creds.issue(7)
  t.equal(expiresAt.toISOString(), '2026-01-02T00:00:00.000Z')
  t.same(creds.check(7, credential), { ok: true, nonce }, 'the member’s own')
  t.not(creds.issue(7).nonce, nonce, 'each link its own nonce')
  const invalid = { ok: false, refusal: 'invalid' }
  t.same(creds.check(8, credential), invalid, 'another member’s')
  t.same(memberCredentials({ secret: 'other', now: clock.now }).check(7, credential), invalid, 'another secret')
  const [expiry, , mac] = credential.split('.')
  t.same(creds.check(7, `${Number(expiry) + 3600}.${nonce}.${mac}`), invalid, 'a longer expiry')
  t.same(creds.check(7, `${expiry}.${creds.issue(7).nonce}.${mac}`), invalid, 'another nonce')
  t.same(creds.check(7, `${expiry}.${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`), invalid, 'a changed MAC')
  for (const bad of [undefined, '', 'x', `${expiry}.${nonce}.`, `${expiry}.${nonce}.${mac}x`, `${expiry}.${mac}`])
    t.same(creds.check(7, bad), invalid, `malformed: ${bad}`)
  // what a leaked secret or a misconfigured issuer could sign: the same key, a day further out
  const eightDays = memberCredentials({ secret: 's3cret', now: () => clock.now() + DAY }).issue(7)
  t.same(creds.check(7, eightDays.credential), { ok: false, refusal: 'beyond-max-ttl' }, 'well signed, 8 days: refused')
  t.throws(() => memberCredentials({ secret: 's3cret', ttlMs: 7 * DAY + 1 }), {
    message: 'A member self-service link lasts at most 7 days',
  })
  clock.advance(DAY - 1000)
  t.same(creds.check(7, credential), { ok: true, nonce }, 'a second before it expires')
  clock.advance(1000)
  t.same(creds.check(7, credential), { ok: false, refusal: 'expired' }, 'expired')
})

t.test('the member self-service through the gateway', async (t) => {
  const clock = testClock(Date.UTC(2026, 0, 1))
  const { url } = await startUpstream(t, { memberCredentials: { now: clock.now, ttlMs: DAY } })
  const portal = await startGateway(t, url)
  const api = await signedInApi(portal.baseUrl)

  // no cookie: the public page's calls
  const anonymous = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${portal.baseUrl}/api/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  const members = (await api('GET', 'dcoe/members?per_page=2&sort=name')).json().data
  const [member, other] = members
  const read = async (id: number) => {
    const { department, other_department, business_unit } = (await api('GET', `dcoe/members/${id}`)).json().data
    return { department, other_department, business_unit }
  }
  const issued = await api('POST', `dcoe/members/${member.id}/credential`)
  t.equal(issued.status, 201)
  const { credential, link, expires_at } = issued.json().data
  t.equal(expires_at, '2026-01-02T00:00:00.000Z')
  t.equal(link, `/unauth/update-member?member_id=${member.id}&credential=${encodeURIComponent(credential)}`)
  t.equal((await anonymous('POST', `dcoe/members/${member.id}/credential`)).status, 401, 'only the team issues links')
  const update = (id: number, cred: string, body: unknown) =>
    anonymous('POST', `members/update-restricted/${id}?credential=${encodeURIComponent(cred)}`, body)

  t.test('select options: for the team, and for a link holder only', async (t) => {
    const units = await anonymous('GET', `select_options?by_field=business_unit&member_id=${member.id}&credential=${credential}`)
    t.same(units, {
      status: 200,
      body: {
        data: BUSINESS_UNIT_OPTIONS.map((name) => ({
          name,
          attributes: {
            label: {
              CCOE: 'CCOE',
              CORP: 'CORP Corporate',
              GAM: 'GAM Gaming',
              LOT: 'LOT Lottery',
              BET: 'BET Digital & Betting',
              CIO: 'CIO',
            }[name],
          },
        })),
      },
    })
    const departments = await anonymous('GET', `select_options?by_field=department&member_id=${member.id}&credential=${credential}`)
    t.equal(departments.status, 200)
    t.same(departments.body.data[0], { name: 'Application Development', attributes: { label: 'Application Development' } })
    t.same((await api('GET', 'select_options?by_field=department')).json(), departments.body, 'the same for a signed-in person')
    const forbidden = { status: 403, body: { error: LINK_REFUSALS.invalid, statusCode: 403 } }
    t.same(await anonymous('GET', 'select_options?by_field=department'), forbidden, 'no link: refused')
    t.same(
      await anonymous('GET', `select_options?by_field=department&member_id=${other.id}&credential=${credential}`),
      forbidden,
      'another member',
    )
    t.equal((await anonymous('GET', 'select_options?by_field=members')).status, 400, 'only the two fields')

    // issue 37 item 8: a read like any other for whoever the portal knows, viewer / read
    const as = async (authorization: Record<string, string>, query: string) => {
      const response = await fetch(`${portal.baseUrl}/api/select_options?${query}`, { headers: authorization })
      return { status: response.status, body: await response.json() }
    }
    const olga = { cookie: await signIn(portal.baseUrl, 'olga@ccoe.example', 'olga') }
    const reportsOnly = { authorization: `Bearer ${await scriptToken(portal.baseUrl, SCRIPT_CLIENTS[1], 'reports')}` }
    const notPermitted = (grant: Parameters<typeof refusalMessage>[0]) => ({
      status: 403,
      body: { error: refusalMessage(grant, MODEL_PERMISSIONS.read), statusCode: 403 },
    })
    t.same(await as(olga, 'by_field=department'), notPermitted({ role: null }), 'a person in no group: refused')
    t.same(await as(reportsOnly, 'by_field=department'), notPermitted({ scopes: ['reports'] }), 'a token without read: refused')
    const linked = `by_field=department&member_id=${member.id}&credential=${credential}`
    t.same(await as(olga, linked), departments, 'a member signed in to the SSO in no group, with her link: let through as a link holder')
    t.same(
      await as(olga, `by_field=department&member_id=${other.id}&credential=${credential}`),
      forbidden,
      'and refused with a link that does not verify',
    )
  })

  t.test('refused credentials change nothing', async (t) => {
    const before = await read(member.id)
    const body = { department: 'Finance', business_unit: 'GAM' }
    const forbidden = { status: 403, body: { error: LINK_REFUSALS.invalid, statusCode: 403 } }
    t.same(await update(member.id, 'x', body), forbidden, 'a wrong credential')
    t.same(await update(other.id, credential, body), forbidden, 'another member’s credential')
    t.same(
      await update(member.id, credential, { nonsense: true }),
      {
        status: 400,
        body: {
          error: 'Department is required; Business Unit is required; Unknown field "nonsense"',
          statusCode: 400,
          fields: {
            nonsense: 'Unknown field "nonsense"',
            department: 'Department is required',
            business_unit: 'Business Unit is required',
          },
        },
      },
      'a valid link: the body is checked',
    )
    t.same(await update(other.id, 'x', { nonsense: true }), forbidden, 'a stranger learns nothing from the body check')
    t.equal((await anonymous('POST', `members/update-restricted/${member.id}`, body)).status, 404, 'no credential: not let through')
    t.equal(
      (await anonymous('POST', `members/update-restricted/${member.id}?credential=${credential}&x=1`, body)).status,
      404,
      'nothing else in the query',
    )
    t.equal((await anonymous('PUT', `dcoe/members/${member.id}`, body)).status, 401, 'the rest of the API still needs a session')
    t.same(await read(member.id), before, 'nothing changed')
    t.same(await read(other.id), {
      department: other.department,
      other_department: other.other_department,
      business_unit: other.business_unit,
    })
  })

  t.test('a valid link updates the department and business unit, once', async (t) => {
    // the refusals first: only a successful update uses the link up
    const unknown = 'Department "Nowhere" does not exist'
    t.same(await update(member.id, credential, { department: 'Nowhere', business_unit: 'LOT' }), {
      status: 422,
      body: { error: unknown, statusCode: 422, fields: { department: unknown } },
    })
    t.same((await update(member.id, credential, { department: 'Finance', business_unit: 'XYZ' })).body.fields, {
      business_unit: 'Business Unit must be one of CCOE, CORP, GAM, LOT, BET, CIO',
    })
    t.same(await update(member.id, credential, { department: 'Finance', other_department: null, business_unit: 'GAM' }), {
      status: 200,
      body: { data: { id: member.id, department: 'Finance', other_department: null, business_unit: 'GAM' } },
    })
    t.same(await read(member.id), { department: 'Finance', other_department: null, business_unit: 'GAM' })
    const typed = { department: 'Quantum Lab', other_department: 'Quantum Lab', business_unit: 'LOT' }
    t.same(
      await update(member.id, credential, typed),
      { status: 403, body: { error: LINK_REFUSALS.spent, statusCode: 403 } },
      'the link is used up',
    )
    t.same(await read(member.id), { department: 'Finance', other_department: null, business_unit: 'GAM' }, 'and changed nothing')
    const next = (await api('POST', `dcoe/members/${member.id}/credential`)).json().data.credential
    t.same(
      await update(member.id, next, typed),
      { status: 200, body: { data: { id: member.id, ...typed } } },
      'Other: the typed department',
    )
    t.same(await read(member.id), typed)
    const line = await portal.auditLine((l) => String(l.path).startsWith('/api/members/update-restricted/'))
    t.equal(line.path, `/api/members/update-restricted/${member.id}`, 'audited without the credential')
    for (const used of [credential, next]) t.notOk(portal.auditText().includes(used.split('.')[2]), 'no credential in the audit log')
  })

  t.test('an expired link is refused', async (t) => {
    const latest = (await api('POST', `dcoe/members/${member.id}/credential`)).json().data.credential
    clock.advance(DAY)
    t.same(await update(member.id, latest, { department: 'Finance', business_unit: 'GAM' }), {
      status: 403,
      body: { error: LINK_REFUSALS.expired, statusCode: 403 },
    })
    t.same(await read(member.id), { department: 'Quantum Lab', other_department: 'Quantum Lab', business_unit: 'LOT' })
  })
})
