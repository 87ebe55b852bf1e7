/**
 * A cost center saved over someone else's change (issue 40 item 3): the cost center form is the
 * generic edit page, so its stale save is refused with the record-changed text and a Reload, and
 * Reload starts the form again from the other person's values (the owner's email, the replacement
 * behind its checkbox, the expiry), not from the stale ones.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { startPortal } from '../helper.js'
import { signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { typeFree } from './pick.js'

type Row = Record<string, unknown>

t.test('a stale cost center save → Reload shows the other person’s values', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const first = async (path: string) => (await upstreamJson<{ data: Row[] }>(portal, path)).data[0]!
  const record = await first('/cost_centers?by_identifier=2000-LOT-12')
  const replacement = await first('/cost_centers?by_identifier=1000-CCOE-01')
  t.equal(record.new_cost_center_id, null, 'no replacement to begin with')

  await page.goto(`${portal.baseUrl}/auth/edit/cost_centers/${String(record.id)}`)
  await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
  const email = page.getByLabel('Cloud Contact Email')
  await expect(email).toHaveValue(String(record.cloud_contact_email))
  t.equal(await page.getByRole('checkbox', { name: 'Replacement' }).isChecked(), false)

  // meanwhile someone else saves the same cost center (a script, straight at the API)
  const other = await fetch(`${portal.upstreamUrl}/cost_centers/${String(record.id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'bob@ccoe.example', 'content-type': 'application/json' },
    body: JSON.stringify({
      cost_center: {
        identifier: '2000-LOT-12B',
        cloud_contact_email: 'bruno.rossi@example.com',
        new_cost_center_id: replacement.id,
        expired_at: '2031-05-17T12:00:00.000Z',
      },
    }),
  })
  t.equal(other.status, 200, 'the other person’s save')

  await page.getByLabel('Identifier').fill('2000-LOT-12-MINE')
  await typeFree(page, email, 'alice.martin@example.com')
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
  const refused = page.locator('.bp6-toast').filter({ hasText: 'was changed by someone else since you loaded it' })
  await expect(refused.first()).toBeVisible()
  t.equal(
    (await first(`/cost_centers?by_identifier=2000-LOT-12B`)).cloud_contact_email,
    'bruno.rossi@example.com',
    'nothing of the stale save',
  )

  await refused.getByText('Reload', { exact: true }).click()
  await expect(page.getByLabel('Identifier')).toHaveValue('2000-LOT-12B')
  t.strictSame(
    [
      await page.getByLabel('Identifier').inputValue(),
      await email.inputValue(),
      await page.getByRole('checkbox', { name: 'Replacement' }).isChecked(),
      await page.getByRole('combobox', { name: 'Replacement cost center' }).inputValue(),
      await page.getByRole('combobox', { name: 'Expired' }).inputValue(),
    ],
    ['2000-LOT-12B', 'bruno.rossi@example.com', true, '1000-CCOE-01', 'May 17, 2031'],
    'the form shows the other person’s values',
  )

  // and a save from them goes through
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your cost center has been updated!' }).first()).toBeVisible()
})
