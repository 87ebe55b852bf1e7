import t from 'tap'
import { startPortal } from '../helper.js'
import { beginSignIn, finishSignIn } from '../lib/sign-in.js'

// a file of its own with a longer limit than .taprc's: 2,100 requests through the IdP's store
// took 134-157 s on a loaded machine (a limit, not an assertion on time)
t.setTimeout(600_000)

const ALICE = ['alice@ccoe.example', 'alice'] as const

t.test('a sign-in begun before 2,100 anonymous authorization requests still finishes', async (t) => {
  const portal = await startPortal(t)
  const begun = await beginSignIn(portal.baseUrl)
  // the same authorization request, sent again and again without the browser's cookies: each one is a
  // new interaction at the IdP (the in-memory LRU kept 1,000 and dropped the oldest, the real one first)
  const flood = async () => {
    const answer = await fetch(begun.authorization, { redirect: 'manual' })
    await answer.arrayBuffer()
    return answer.status
  }
  const statuses = new Set<number>()
  for (let sent = 0; sent < 2100; sent += 50) {
    for (const status of await Promise.all(Array.from({ length: 50 }, flood))) statuses.add(status)
  }
  t.same([...statuses], [303], 'every one began an interaction')
  const { cookie } = await finishSignIn(portal.baseUrl, begun, ...ALICE)
  const session = await fetch(`${portal.baseUrl}/api/session`, { headers: { cookie } })
  t.same(await session.json(), { email: 'alice@ccoe.example', name: 'Alice Admin' })
})
