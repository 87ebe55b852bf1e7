import t from 'tap'
import { openTestDatabase } from '../lib/test-database.js'
import { openIdpStore } from '../../server/idp/store.js'
import { startGateway, startUpstream, testClock } from '../helper.js'
import { beginSignIn, finishSignIn } from '../lib/sign-in.js'
import { statusOf } from '../lib/status-of.js'

const ALICE = ['alice@ccoe.example', 'alice'] as const

t.test('a sign-in begun before a restart finishes after it', async (t) => {
  const { database, token, url } = await startUpstream(t)
  const first = await startGateway(t, url, { env: { UPSTREAM_TOKEN: token }, idpStore: { client: database } })
  const begun = await beginSignIn(first.baseUrl)
  await first.gateway.close()
  // the same address, data folder (the IdP's keys) and session key: the same portal, restarted
  const restarted = await startGateway(t, url, {
    env: { UPSTREAM_TOKEN: token },
    overrides: {
      port: first.config.port,
      publicUrl: first.config.publicUrl,
      dataDir: first.config.dataDir,
      sessionKey: first.config.sessionKey,
    },
    idpStore: { client: database },
  })
  const { cookie } = await finishSignIn(restarted.baseUrl, begun, ...ALICE)
  t.equal(await statusOf(fetch(`${restarted.baseUrl}/api/session`, { headers: { cookie } })), 200)
})

t.test('the store: found until it expires, consumed, revoked by grant, bounded per model', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const clock = testClock(Date.UTC(2026, 10, 24))
  const Store = await openIdpStore(database, { maxPerModel: 100, now: clock.now })
  // each test's own model names: on PostgreSQL the schema is shared by every test database
  const model = (name: string) => `${name}-${process.pid}-${Math.random().toString(36).slice(2)}`
  const codes = new Store(model('AuthorizationCode'))

  await codes.upsert('code-1', { grantId: 'grant-1', accountId: 'alice' }, 60)
  await codes.upsert('code-2', { grantId: 'grant-2', accountId: 'bob' }, 60)
  t.same(await codes.find('code-1'), { grantId: 'grant-1', accountId: 'alice' })
  await codes.consume('code-1')
  t.same(await codes.find('code-1'), { grantId: 'grant-1', accountId: 'alice', consumed: Math.floor(clock.now() / 1000) })
  await codes.revokeByGrantId('grant-1')
  t.equal(await codes.find('code-1'), undefined, 'revoked with its grant')
  await codes.destroy('code-2')
  t.equal(await codes.find('code-2'), undefined, 'destroyed')

  const sessions = new Store(model('Session'))
  await sessions.upsert('s-1', { uid: 'uid-1', accountId: 'alice' }, 60)
  t.same(await sessions.findByUid('uid-1'), { uid: 'uid-1', accountId: 'alice' })
  clock.advance(60_000)
  t.equal(await sessions.find('s-1'), undefined, 'past its expiry it is gone')
  t.equal(await sessions.findByUid('uid-1'), undefined)

  // 300 writes past a cap of 100 (a store of its own, so its writes are the only ones counted): the
  // purges keep the 100 that live longest
  const Bounded = await openIdpStore(database, { maxPerModel: 100, now: clock.now })
  const interactions = new Bounded(model('Interaction'))
  for (let i = 0; i < 300; i++) await interactions.upsert(`i-${i}`, { n: i }, 600 + i)
  const { rows } = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM ccoe_idp.artifacts WHERE model = $1', [
    interactions.model,
  ])
  t.same(rows, [{ count: 100 }])
  t.same(await interactions.find('i-299'), { n: 299 })
  t.equal(await interactions.find('i-199'), undefined, 'the nearest to their end went first')
  t.same(await interactions.find('i-200'), { n: 200 })
})
