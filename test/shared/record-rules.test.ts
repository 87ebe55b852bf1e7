/**
 * Issue 26: the plausibility rules the web's forms and the upstream's writes share
 * (shared/rules/record-rules.ts), message by message.
 */
import t from 'tap'
import { recordErrors } from '../../shared/rules/record-rules.js'

t.test('dates in order: a certification does not expire before it was issued', async (t) => {
  const check = (issue_date: unknown, expiration_date: unknown) => recordErrors('cloud_certifications', { issue_date, expiration_date })
  t.strictSame(check('2025-03-14', '2025-03-13'), { expiration_date: 'Expiration Date must not be before Issue Date' })
  t.strictSame(check('2025-03-14', '2025-03-14'), {}, 'the same day is fine')
  t.strictSame(check('2025-03-14', null), {}, 'no expiry')
  t.strictSame(check('', '2025-03-13'), {}, 'nothing to compare with yet')
})

t.test('cost centers, networks and project IDs do not expire before they are active', async (t) => {
  const window = { active_at: '2026-01-01T10:00:00.000Z', expired_at: '2026-01-01T09:59:59.000Z' }
  t.strictSame(recordErrors('cost_centers', window), { expired_at: 'Expired must not be before Active' })
  t.strictSame(recordErrors('cost_center_networks', window), { expired_at: 'Expired must not be before Active' })
  t.strictSame(recordErrors('project_ids', window), { expired_at: 'Expired must not be before Active From' })
  // instants compare as instants, whatever their offset
  t.strictSame(recordErrors('cost_centers', { active_at: '2026-01-01T10:00:00+02:00', expired_at: '2026-01-01T09:00:00Z' }), {})
})

t.test('a network or project is not its own replacement', async (t) => {
  t.strictSame(recordErrors('cost_center_networks', { new_network_id: 7 }, 7), { new_network_id: 'A network cannot replace itself' })
  t.strictSame(recordErrors('project_ids', { new_project_id: '7' }, 7), { new_project_id: 'A project cannot replace itself' })
  t.strictSame(recordErrors('project_ids', { new_project_id: 8 }, 7), {})
  t.strictSame(recordErrors('project_ids', { new_project_id: null }, 7), {})
  t.strictSame(recordErrors('project_ids', { new_project_id: 7 }), {}, 'a new record has no id to name')
})

t.test('an update is judged only by the rules it touches', async (t) => {
  const stored = { department: 'Other', other_department: '', active_at: null }
  t.strictSame(recordErrors('dcoe_members', { ...stored, blacklist: true }, 3, ['blacklist']), {}, 'a blacklist toggle')
  t.strictSame(recordErrors('dcoe_members', stored, 3, ['other_department']), {
    other_department: 'Please Input If Other, Department!',
  })
  t.strictSame(recordErrors('departments', { name: 'x' }), {}, 'a model without rules')
})
