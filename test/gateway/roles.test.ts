import t from 'tap'
import { roleFromClaims } from '../../server/gateway/roles.js'

const config = { claim: 'groups', groups: { viewer: ['staff'], auditor: ['audit'], editor: ['ccoe'], admin: ['ccoe-leads'] } }

t.test('the most any of the groups gives; none of them, no role', async (t) => {
  t.equal(roleFromClaims({ groups: ['staff', 'ccoe-leads', 'ccoe'] }, config), 'admin')
  t.equal(roleFromClaims({ groups: ['staff', 'ccoe'] }, config), 'editor')
  t.equal(roleFromClaims({ groups: ['staff'] }, config), 'viewer')
  t.equal(roleFromClaims({ groups: ['staff', 'audit'] }, config), 'auditor', 'an auditor who is also staff')
  t.equal(
    roleFromClaims({ groups: ['audit', 'ccoe'] }, config),
    'editor',
    'an editor in the auditors’ group writes, and does not read the trail',
  )
  t.equal(roleFromClaims({ groups: ['finance'] }, config), null)
  t.equal(roleFromClaims({}, config), null, 'no claim')
  t.equal(roleFromClaims({ groups: 'staff ccoe' }, config), 'editor', 'a space-separated claim')
  t.equal(roleFromClaims({ groups: [42, { name: 'ccoe' }, 'staff'] }, config), 'viewer', 'only names count')
  t.equal(roleFromClaims({ groups: ['CCOE'] }, config), null, 'names are matched exactly')
  t.equal(roleFromClaims({ roles: ['ccoe'] }, { ...config, claim: 'roles' }), 'editor', 'the claim is configurable')
})
