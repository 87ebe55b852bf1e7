/** Spec 000 §5: the checks of the missing-tags report and customer forms, text by text. */
import t from 'tap'
import { CUSTOMER_TEXTS, hasErrors, MISSING_TAGS_TEXTS, validateConfig } from '../../web/src/features/config/config-rules.js'

t.test('missing-tags report configs', async (t) => {
  const check = (name: string, values: string[], taken: string[] = []) => validateConfig({ name, values }, taken, MISSING_TAGS_TEXTS)
  t.same(check('', []), { name: 'print message is required', list: 'At least a term of ignore is required', values: {} })
  t.same(check('  ', ['a', ' ', '']), {
    name: 'print message is required',
    values: { 1: 'Value of the terms of ignore is required', 2: 'Value of the terms of ignore is required' },
  })
  t.same(check(' Taken ', ['a'], ['Taken']), { name: 'print message: "Taken" exists', values: {} })
  t.same(check('TAKEN', ['a'], ['Taken']), { name: 'print message: "TAKEN" exists', values: {} }, 'in any case (issue 26)')
  t.notOk(hasErrors(check('New', ['a', 'b'], ['Taken'])))
  t.ok(hasErrors(check('New', [])))
})

t.test('customers', async (t) => {
  t.same(validateConfig({ name: '', values: [''] }, [], CUSTOMER_TEXTS), {
    name: 'Customer name is required',
    values: { 0: 'Value of the sfdc id is required' },
  })
  t.same(validateConfig({ name: 'Acme', values: [] }, ['Acme'], CUSTOMER_TEXTS), {
    name: 'Customer name: "Acme" exists',
    list: 'At least a sfdc id is required',
    values: {},
  })
})
