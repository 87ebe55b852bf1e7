/**
 * Issue 27 item 6: tries of the member self-service link are limited per member and per client
 * address, in windows of the gateway's clock (moved here, never waited for). Past either limit the
 * try answers 429 with Retry-After and a text saying which, goes no further than the gateway, and is
 * audited; another member, or another address, still gets through.
 */
import t from 'tap'
import { SELF_SERVICE_TRIES } from '../../../../server/gateway/plugins/rate-limits.js'
import { startGateway, startUpstream, testClock } from '../../../helper.js'
import { fetchFrom } from '../../../lib/fetch-from.js'
import { signedInApi } from '../../../lib/sign-in.js'

const MINUTE = 60_000
const WINDOW_SECONDS = SELF_SERVICE_TRIES.windowMs / 1000

t.test('self-service tries: per member and per address, 429 with Retry-After', async (t) => {
  const clock = testClock()
  const upstream = await startUpstream(t)
  const portal = await startGateway(t, upstream.url, { now: clock.now })
  const api = await signedInApi(portal.baseUrl)
  const members: { id: number }[] = (await api('GET', `dcoe/members?per_page=3&sort=name`)).json().data
  const issue = async (id: number): Promise<string> => (await api('POST', `dcoe/members/${id}/credential`)).json().data.credential
  const departmentOf = async (id: number) => (await api('GET', `dcoe/members/${id}`)).json().data.department

  const tryFrom = (address: string) => {
    const send = fetchFrom(address)
    return async (id: number, credential: string, body: unknown) => {
      const response = await send(new URL(`/api/members/update-restricted/${id}?${new URLSearchParams({ credential })}`, portal.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
    }
  }
  const limited = (error: string, retryAfter: number) => ({ status: 429, retryAfter: String(retryAfter), body: { error, statusCode: 429 } })
  const forwarded = (id: number) =>
    portal.audit.filter((l) => l.path === `/api/members/update-restricted/${id}` && l.event === undefined).length
  const finance = { department: 'Finance', business_unit: 'GAM' }

  t.test('per member, from any address', async (t) => {
    const [member, other] = members
    const credential = await issue(member.id)
    const fromHere = tryFrom('127.0.0.1')
    const before = await departmentOf(member.id)
    // refused bodies: the link stays unspent, so only the limit can refuse the good try that follows
    const statuses: number[] = []
    for (let i = 0; i < SELF_SERVICE_TRIES.perMember; i++) statuses.push((await fromHere(member.id, credential, {})).status)
    t.same(statuses, Array(SELF_SERVICE_TRIES.perMember).fill(400))
    const perMember = "Too many tries with this member's link: try again in 15 minutes"
    t.same(await fromHere(member.id, credential, finance), limited(perMember, WINDOW_SECONDS), 'a valid link waits too')
    t.same(await tryFrom('127.0.0.2')(member.id, credential, finance), limited(perMember, WINDOW_SECONDS), 'from another address too')
    t.equal(forwarded(member.id), SELF_SERVICE_TRIES.perMember, 'the refused tries never reached the upstream')
    t.equal(await departmentOf(member.id), before)
    const line = portal.audit.find((l) => l.event === 'self-service-limited')
    t.same(
      [line?.user, line?.reason, line?.status, line?.method, line?.path],
      [null, 'member', 429, 'POST', `/api/members/update-restricted/${member.id}`],
      'audited, without the credential',
    )
    t.equal((await fromHere(other.id, 'x', finance)).status, 403, 'another member from the same address gets through')

    clock.advance(SELF_SERVICE_TRIES.windowMs - MINUTE)
    t.same(await fromHere(member.id, credential, finance), limited("Too many tries with this member's link: try again in 1 minute", 60))
    clock.advance(MINUTE)
    t.same(
      await fromHere(member.id, credential, finance),
      { status: 200, retryAfter: null, body: { data: { id: member.id, ...finance, other_department: null } } },
      'a new window',
    )
  })

  t.test('per address, whichever members it names', async (t) => {
    const flooding = tryFrom('127.0.0.3')
    // a different member each time (made up: the upstream refuses them), so no member's own limit is reached
    const statuses = new Set<number>()
    for (let i = 0; i < SELF_SERVICE_TRIES.perAddress; i++) statuses.add((await flooding(100_000 + i, 'x', finance)).status)
    t.same([...statuses], [403], 'refused by the upstream, not limited')
    const [, , member] = members
    const credential = await issue(member.id)
    const perAddress = 'Too many tries from this address: try again in 15 minutes'
    t.same(await flooding(member.id, credential, finance), limited(perAddress, WINDOW_SECONDS), 'a valid link from there waits')
    t.same(
      portal.audit.filter((l) => l.event === 'self-service-limited').map((l) => l.reason),
      ['member', 'member', 'member', 'address'],
      'audited as the address’s',
    )
    const elsewhere = await tryFrom('127.0.0.4')(member.id, credential, finance)
    t.same(
      elsewhere,
      { status: 200, retryAfter: null, body: { data: { id: member.id, ...finance, other_department: null } } },
      'the member from elsewhere',
    )
    clock.advance(SELF_SERVICE_TRIES.windowMs)
    t.equal((await flooding(member.id, 'x', finance)).status, 403, 'a new window: through again')
  })
})
