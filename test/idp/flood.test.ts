import t from 'tap'
import { startPortal } from '../helper.js'
import { beginSignIn, finishSignIn, sessionAnswer } from '../lib/sign-in.js'

const ALICE = ['alice@ccoe.example', 'alice'] as const
/** the store's cap per model, made small here (100,000 in the portal) so that a flood near it takes seconds */
const CAP = 150
const FLOOD = CAP - 10

// on PostgreSQL the IdP's table is shared by every test database, and a purge at this small cap would
// drop other tests' sign-ins: the store's SQL is the same there, and test/idp/store.test.ts runs it
t.test(
  'a sign-in begun before a flood of anonymous authorization requests up to the cap still finishes',
  { skip: process.env.DATABASE_URL && 'PGlite pass only' },
  async (t) => {
    const portal = await startPortal(t, { idpStore: { maxPerModel: CAP } })
    const begun = await beginSignIn(portal.baseUrl)
    // the same authorization request, sent again and again without the browser's cookies: each one is a
    // new interaction at the IdP (oidc-provider's in-memory store, an LRU, dropped the oldest, the real one first)
    const flood = async () => {
      const answer = await fetch(begun.authorization, { redirect: 'manual' })
      await answer.arrayBuffer()
      return answer.status
    }
    const statuses = new Set<number>()
    for (let sent = 0; sent < FLOOD; sent += 20) {
      for (const status of await Promise.all(Array.from({ length: Math.min(20, FLOOD - sent) }, flood))) statuses.add(status)
    }
    t.same([...statuses], [303], 'every one began an interaction')
    // past the store's first purge (every 100th write), each one is kept: the real one and the flood's
    const { rows } = await portal.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ccoe_idp.artifacts WHERE model = 'Interaction'`,
    )
    t.same(rows, [{ n: 1 + FLOOD }])
    const { cookie } = await finishSignIn(portal.baseUrl, begun, ...ALICE)
    const session = await fetch(`${portal.baseUrl}/api/session`, { headers: { cookie } })
    t.same(await session.json(), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
  },
)
