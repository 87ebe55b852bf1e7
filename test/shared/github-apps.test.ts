/** Spec 001 §5, §9: the GitHub app forms' rules (shared/rules/github-apps.ts). */
import t from 'tap'
import { NEW_GITHUB_APP_COST_CENTER_ID, noneCostCenterRefusal } from '../../shared/rules/github-apps.js'

t.test('an edit may not leave the cost center None', async (t) => {
  t.equal(noneCostCenterRefusal({ cost_centers_id: '-9999' }), "Edited Cost Center can't be None!", 'None as the select holds it')
  t.equal(noneCostCenterRefusal({ cost_centers_id: -9999 }), "Edited Cost Center can't be None!", 'None as a number')
  t.equal(noneCostCenterRefusal({ cost_centers_id: '' }), "Edited Cost Center can't be None!", 'nothing chosen')
  t.equal(noneCostCenterRefusal({ cost_centers_id: null }), "Edited Cost Center can't be None!", 'cleared')
  t.equal(noneCostCenterRefusal({ cost_centers_id: '7' }), undefined, 'a cost center')
  t.equal(noneCostCenterRefusal({ cost_centers_id: 1 }), undefined)
  t.equal(noneCostCenterRefusal({ name: 'org' }), undefined, 'a change that does not touch the cost center')
})

t.test('the new app form starts on cost center 1', async (t) => {
  t.equal(NEW_GITHUB_APP_COST_CENTER_ID, '1')
})
