/**
 * One email rule (issue 40 item 5): shared/rules/email-address.ts's isEmailAddress is the form's
 * `email` format and the upstream validator's, so a form, the upstream (and the gateway and the mail,
 * which call it directly) take and refuse the same addresses. Edge cases, each with its verdict.
 */
import { FormatRegistry } from '@sinclair/typebox'
import Fastify from 'fastify'
import t from 'tap'
import { getResource, writableFields } from '../../shared/resources/index.js'
import { isEmailAddress } from '../../shared/rules/email-address.js'
import { resourceBodySchemas } from '../../shared/schemas/resource-body.js'
import { validation } from '../../server/upstream/plugins/validation.js'
import { toFormValues } from '../../web/src/lib/form-values.js'
import { validateForm } from '../../web/src/lib/form-validation.js'

const resource = getResource('cloud_contacts')
const fields = writableFields(resource)
const { create } = resourceBodySchemas(resource)

/** 254 characters, the most an address may have, and one more */
const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
const CASES: [string, boolean][] = [
  ['ann@example.com', true],
  ['Ann.Lee+tag@Sub.Example.CO', true],
  ["o'brien_x-y@example.com", true],
  ['ann@example', false],
  ['ann..lee@example.com', false],
  ['.ann@example.com', false],
  ['ann.@example.com', false],
  ['ann@-example.com', false],
  ['ann@example-.com', false],
  ['ann@example.com.', false],
  ['ann@@example.com', false],
  ['ann lee@example.com', false],
  ['"ann lee"@example.com', false],
  ['ann@[127.0.0.1]', false],
  ['ann@exämple.com', false],
  ['ann@example.com, bob@example.com', false],
  [longest, true],
  [`a${longest}`, false],
]

t.test('the form checks with the shared rule itself', async (t) => {
  t.equal(FormatRegistry.Get('email'), isEmailAddress)
})

t.test("the form, the upstream's validator and isEmailAddress agree on edge cases", async (t) => {
  t.equal(longest.length, 254)
  const upstream = Fastify()
  await upstream.register(validation)
  upstream.post('/cloud_contacts', { schema: { body: create } }, async () => ({ ok: true }))
  t.teardown(() => upstream.close())

  for (const [address, valid] of CASES) {
    const form = validateForm(create, fields, { ...toFormValues(fields), email: address })
    const answer = await upstream.inject({ method: 'POST', url: '/cloud_contacts', payload: { email: address } })
    t.strictSame(
      { rule: isEmailAddress(address), form: !('email' in form), upstream: answer.statusCode === 200 },
      { rule: valid, form: valid, upstream: valid },
      address,
    )
  }
})
