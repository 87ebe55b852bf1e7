/** Spec 000 §5: the checks of the missing-tags report and customer forms (shared/rules/config-records.ts), text by text. */
import t from 'tap'
import { CUSTOMER_TEXTS, configRecordErrors, MISSING_TAGS_TEXTS } from '../../shared/rules/config-records.js'

t.test('missing-tags report configs', async (t) => {
  const check = (name: string, values: string[], taken: string[] = []) => configRecordErrors({ name, values }, taken, MISSING_TAGS_TEXTS)
  t.strictSame(check('', []), { values: {}, name: 'print message is required', list: 'At least a term of ignore is required' })
  t.strictSame(check('  ', ['a', ' ', '']), {
    values: { 1: 'Value of the terms of ignore is required', 2: 'Value of the terms of ignore is required' },
    name: 'print message is required',
  })
  t.strictSame(check(' Taken ', ['a'], ['Taken']), { values: {}, name: 'print message: "Taken" exists' })
  t.strictSame(check('TAKEN', ['a'], ['Taken']), { values: {}, name: 'print message: "TAKEN" exists' }, 'in any case (issue 26)')
  t.strictSame(check('New', ['a', 'b'], ['Taken']), { values: {} }, 'nothing to say')
  t.strictSame(check('New', []), { values: {}, list: 'At least a term of ignore is required' })
})

t.test('customers', async (t) => {
  t.strictSame(configRecordErrors({ name: '', values: [''] }, [], CUSTOMER_TEXTS), {
    values: { 0: 'Value of the sfdc id is required' },
    name: 'Customer name is required',
  })
  t.strictSame(configRecordErrors({ name: 'Acme', values: [] }, ['Acme'], CUSTOMER_TEXTS), {
    values: {},
    name: 'Customer name: "Acme" exists',
    list: 'At least a sfdc id is required',
  })
})
