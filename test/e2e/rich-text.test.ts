/**
 * Rich text as a person meets it (spec 001 §2, §3, §9): stored scripts, event handlers and
 * javascript: links never run on the FAQ and glossary lists, the product cards, a record view or
 * an edit form, whether the upstream cleaned them (sent through the API) or they sit in the database
 * as older data would (written directly): the page cleans what it renders too. Then a FAQ written
 * with the editor: bold in the form, bold on the list, edited with Go Back at hand; the editors'
 * heights; a product card's Update behind its confirm modal; and draft-js, the editor, loaded with a form
 * only (not the welcome page or a list), its Ctrl+B and Ctrl+I formatting.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startPortal } from '../helper.js'
import { signedInApi } from '../lib/sign-in.js'
import { screenshot, signedInPage } from './browser.js'
import { expect } from './expect.js'

const ATTACKS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<a href="javascript:window.__pwned=1">x</a>',
].join('')

const pwned = (page: Page) => page.evaluate(() => Reflect.get(window, '__pwned') as unknown)

/** From a model's list, its 'Add New …' link to the add form; the form's rich-text editor, measured (spec 001 §9). */
async function openAddForm(t: Test, page: Page, url: string, add: { link: string; editor: string; height: number }): Promise<Locator> {
  await page.goto(url)
  await page.getByRole('link', { name: add.link }).click()
  await page.waitForURL(url.replace('/auth/view/', '/auth/create/'))
  // the add form is titled as its link: 'Add New FAQ', 'Add New Glossary Term'
  await page.getByRole('heading', { name: add.link }).waitFor()
  const editor = page.getByRole('textbox', { name: add.editor })
  t.equal(Math.round((await editor.boundingBox())!.height), add.height, `spec 001 §9: the editor is ${add.height} px high`)
  return editor
}

/** Types `before`, then `word` with the toolbar's `format` button on (it shows it is), then `after`. */
async function typeFormatted(t: Test, page: Page, editor: Locator, [before, format, word, after]: [string, string, string, string]) {
  await editor.click()
  await page.keyboard.type(before)
  const button = page.getByRole('button', { name: format })
  await button.click()
  t.equal(await button.getAttribute('aria-pressed'), 'true', `${format} shows it is on`)
  await page.keyboard.type(word)
  await button.click()
  await page.keyboard.type(after)
}

t.test('rich text', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const api = await signedInApi(portal.baseUrl)
  const page = await signedInPage(t, portal)
  const dialogs: string[] = []
  page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()))

  // through the API: the upstream keeps <a>x</a> of the three
  const viaApi = await api('POST', 'faqs', {
    faq: { question: 'Is the portal safe?', answer: `<p>Yes</p>${ATTACKS}`, category: 'Security' },
  })
  t.equal(viaApi.status, 201)
  t.equal(viaApi.json().data.answer, '<p>Yes</p><a>x</a>', 'the upstream cleaned the answer')
  t.equal((await api('POST', 'glossaries', { term: 'XSS', description: `<p>Cross-site</p>${ATTACKS}` })).status, 201)
  t.equal(
    (await api('POST', 'service_catalog_products', { name: 'Unsafe WAF', identifier: 'prod-xss-1', description: ATTACKS })).status,
    201,
  )
  // as older data would be: the raw attack in the database, so only the page's own cleaning stands
  const [raw] = await rows<{ id: number }>(
    portal.database.db,
    sql`INSERT INTO faqs (question, answer, category) VALUES ('Raw attack', ${`<p>Raw</p>${ATTACKS}`}, 'Security') RETURNING id`,
  )
  const [rawTerm] = await rows<{ id: number }>(
    portal.database.db,
    sql`INSERT INTO glossaries (term, description) VALUES ('Raw term', ${`<p>Raw</p>${ATTACKS}`}) RETURNING id`,
  )
  const [rawProduct] = await rows<{ id: number }>(
    portal.database.db,
    sql`INSERT INTO service_catalog_products (name, identifier, description) VALUES ('Raw product', 'prod-xss-raw', ${`<p>Raw</p>${ATTACKS}`}) RETURNING id`,
  )

  await t.test('stored scripts, handlers and javascript: links never run', async (t) => {
    const clickLinks = async (scope: ReturnType<Page['locator']>) => {
      for (const link of await scope.getByText('x', { exact: true }).all()) await link.click()
    }
    await page.goto(portal.baseUrl + '/auth/view/faqs?by_category=Security')
    const faqTable = page.getByRole('table', { name: 'FAQs Table' })
    await expect(faqTable.getByRole('cell', { name: 'Raw attack', exact: true }).first()).toBeVisible()
    await expect(faqTable.getByRole('cell', { name: 'Is the portal safe?', exact: true }).first()).toBeVisible()
    t.equal(
      await faqTable.locator('img, script, [onerror], [href^="javascript" i]').count(),
      0,
      'no img, script, handler or javascript: href',
    )
    await clickLinks(faqTable)
    t.equal(await pwned(page), undefined, 'FAQ list')

    for (const [model, id] of [
      ['faqs', raw.id],
      ['glossaries', rawTerm.id],
      ['service_catalog_products', rawProduct.id],
    ] as const) {
      await page.goto(`${portal.baseUrl}/auth/view/${model}/${id}`)
      const record = page.locator('table.record-view')
      await record.getByText('Raw', { exact: true }).waitFor()
      t.equal(await record.locator('img, script, [onerror], [href^="javascript" i]').count(), 0, `${model} record view: nothing active`)
      await clickLinks(record)
      t.equal(await pwned(page), undefined, `${model} record view`)
    }

    await page.goto(`${portal.baseUrl}/auth/edit/faqs/${raw.id}`)
    const editor = page.getByRole('textbox', { name: 'Answer' })
    await expect(editor).toContainText('Raw')
    t.equal(await editor.locator('img, script, [onerror], [href]').count(), 0, 'the editor holds the cleaned answer')
    t.equal(await pwned(page), undefined, 'FAQ edit form')

    await page.goto(portal.baseUrl + '/auth/view/glossaries')
    const glossary = page.getByRole('table', { name: 'Glossary Table' })
    await expect(glossary.getByRole('cell', { name: 'Raw term', exact: true }).first()).toBeVisible()
    await expect(glossary.getByRole('cell', { name: 'XSS', exact: true }).first()).toBeVisible()
    t.equal(await glossary.locator('img, script, [onerror], [href^="javascript" i]').count(), 0)
    await clickLinks(glossary)
    t.equal(await pwned(page), undefined, 'glossary list')

    await page.goto(portal.baseUrl + '/auth/view/service_catalog_products')
    const cards = page.getByRole('region', { name: 'Service Catalog Products' })
    await expect(cards.getByRole('heading', { name: 'Raw product' }).first()).toBeVisible()
    await expect(cards.getByRole('heading', { name: 'Unsafe WAF' }).first()).toBeVisible()
    t.equal(await cards.locator('img, script, [onerror], [href^="javascript" i]').count(), 0)
    await clickLinks(cards)
    t.equal(await pwned(page), undefined, 'product cards')
    t.same(dialogs, [], 'no alert either')
  })

  await t.test('a FAQ written with the editor: bold on the list, edited with Go Back', async (t) => {
    const editor = await openAddForm(t, page, portal.baseUrl + '/auth/view/faqs', { link: 'Add New FAQ', editor: 'Answer', height: 500 })
    await page.getByLabel('Question', { exact: true }).fill('How do I format an answer?')
    await page.getByLabel('Category', { exact: true }).fill('Editor')
    await typeFormatted(t, page, editor, ['Use ', 'Bold', 'bold', ' words'])
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/auth/view/faqs')

    const [stored] = await rows<{ id: number; answer: string }>(
      portal.database.db,
      sql`SELECT id, answer FROM faqs WHERE question = 'How do I format an answer?'`,
    )
    t.equal(stored.answer, '<p>Use <b>bold</b> words</p>', 'stored as the editor wrote it')
    const table = page.getByRole('table', { name: 'FAQs Table' })
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'How do I format an answer?', exact: true }) })
    const bold = row.locator('b', { hasText: 'bold' })
    await expect(bold.first()).toBeVisible()
    t.ok(Number(await bold.evaluate((el) => getComputedStyle(el).fontWeight)) >= 600, 'rendered bold on the list')

    // spec 001 §2: the row's edit link, in view (issue 39 item 21)
    await row.getByRole('link', { name: 'Edit How do I format an answer?' }).click()
    await page.waitForURL(`**/auth/edit/faqs/${stored.id}`)
    await page.getByRole('heading', { name: 'Edit FAQ' }).waitFor()
    t.ok(await page.getByRole('button', { name: 'Go Back' }).isVisible(), 'Go Back is at hand')
    const answer = page.getByRole('textbox', { name: 'Answer' })
    // draft-js shows its BOLD style as a bold span
    await expect(answer.locator('span[style*="font-weight: bold"]', { hasText: 'bold' }).first()).toBeVisible()
    t.pass('the form is prefilled with the formatted answer')
    await answer.click()
    await page.keyboard.press('End')
    await page.keyboard.type(' and more')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
    await page.waitForURL('**/auth/view/faqs')
    await expect(table.getByText('words and more').first()).toBeVisible()
    t.equal(
      (await rows<{ answer: string }>(portal.database.db, sql`SELECT answer FROM faqs WHERE id = ${stored.id}`))[0].answer,
      '<p>Use <b>bold</b> words and more</p>',
    )

    await row.getByRole('link', { name: 'Edit How do I format an answer?' }).click()
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL('**/auth/view/faqs')
    t.pass('Go Back returns to the list')
    await page.goto(portal.baseUrl + '/auth/view/faqs?per_page=10')
    await expect(table.getByRole('cell', { name: 'How do I format an answer?', exact: true }).first()).toBeVisible()
    await screenshot(page, 'faqs-list')
  })

  await t.test('a glossary term written with the editor: italic on the list', async (t) => {
    const editor = await openAddForm(t, page, portal.baseUrl + '/auth/view/glossaries', {
      link: 'Add New Glossary Term',
      editor: 'Description',
      height: 500,
    })
    await page.getByLabel('Term', { exact: true }).fill('Guardrail drift')
    await page.getByLabel('Category', { exact: true }).fill('Editor')
    await typeFormatted(t, page, editor, ['A ', 'Italic', 'governed', ' account baseline'])
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/auth/view/glossaries')
    t.same(
      await rows<{ description: string; category: string }>(
        portal.database.db,
        sql`SELECT description, category FROM glossaries WHERE term = 'Guardrail drift'`,
      ),
      [{ description: '<p>A <i>governed</i> account baseline</p>', category: 'Editor' }],
      'stored as the editor wrote it',
    )
    const row = page
      .getByRole('table', { name: 'Glossary Table' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Guardrail drift', exact: true }) })
    const italic = row.locator('i', { hasText: 'governed' })
    await expect(italic.first()).toBeVisible()
    t.equal(await italic.evaluate((el) => getComputedStyle(el).fontStyle), 'italic', 'rendered italic on the list')
  })

  await t.test('products: the 300 px editor, cards, Update behind a confirm modal', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/service_catalog_products')
    await page.getByRole('link', { name: 'Create New Product' }).click()
    await page.waitForURL('**/auth/create/service_catalog_products')
    const editor = page.getByRole('textbox', { name: 'Description' })
    t.equal(Math.round((await editor.boundingBox())!.height), 300, 'spec 001 §9: 300 px for service products')
    await page.getByLabel('Name', { exact: true }).fill('Managed Redis')
    await page.getByLabel('Product ID', { exact: true }).fill('prod-redis-07')
    await editor.click()
    await page.getByRole('button', { name: 'Bulleted list' }).click()
    await page.keyboard.type('in-memory cache')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/auth/view/service_catalog_products')

    const card = page.getByRole('article', { name: 'Managed Redis' })
    await expect(card.getByRole('listitem').filter({ hasText: 'in-memory cache' }).first()).toBeVisible()
    t.ok(await card.getByText('prod-redis-07', { exact: true }).isVisible(), 'the card shows the product id')
    const publishedAt = async () =>
      (
        await rows<{ at: unknown }>(
          portal.database.db,
          sql`SELECT published_at AS at FROM service_catalog_products WHERE identifier = 'prod-redis-07'`,
        )
      )[0].at
    await card.getByRole('button', { name: 'Update Managed Redis' }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to update this product?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    t.equal(await publishedAt(), null, 'Cancel sends nothing')
    await card.getByRole('button', { name: 'Update Managed Redis' }).click()
    const sent = page.waitForRequest((r) => r.url().includes('/api/service_catalog_products/update-product/'))
    await dialog.getByRole('button', { name: 'Update' }).click()
    const body = (await sent).postDataJSON()
    t.same(
      body,
      { identifier: 'prod-redis-07', name: 'Managed Redis', description: '<ul><li>in-memory cache</li></ul>' },
      'the card as it is',
    )
    await dialog.waitFor({ state: 'hidden' })
    await expect(page.getByRole('heading', { name: 'Service Catalog Products' })).toBeVisible()
    await expect.poll(publishedAt).not.toBeNull()
    t.equal(await page.getByRole('alert').filter({ hasText: /updat/i }).count(), 0, 'no status afterwards')
    await screenshot(page, 'product-cards')
  })

  await t.test('draft-js loads with a form only; Ctrl+B and Ctrl+I format', async (t) => {
    const draftChunks: string[] = []
    const onRequest = (r: { url(): string }) => void (/\/assets\/draft-editor-[^/]*\.js$/.test(r.url()) && draftChunks.push(r.url()))
    // a fresh browser, so nothing is cached from the forms above
    const fresh = await signedInPage(t, portal)
    fresh.on('request', onRequest)
    await fresh.goto(portal.baseUrl + '/')
    await fresh.getByRole('heading', { name: /^Welcome/ }).waitFor()
    await fresh.goto(portal.baseUrl + '/auth/view/faqs')
    await expect(fresh.getByRole('table', { name: 'FAQs Table' }).first()).toBeVisible()
    t.same(draftChunks, [], 'neither the welcome page nor a list loads the editor')
    await fresh.goto(portal.baseUrl + '/auth/create/glossaries')
    const editor = fresh.getByRole('textbox', { name: 'Description' })
    await editor.click()
    t.equal(draftChunks.length, 1, 'the form loads it')
    await fresh.keyboard.type('Keys make ')
    await fresh.keyboard.press('Control+b')
    t.equal(await fresh.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed'), 'true', 'Ctrl+B shows on the toolbar')
    await fresh.keyboard.type('bold')
    await fresh.keyboard.press('Control+b')
    await fresh.keyboard.type(' and ')
    await fresh.keyboard.press('Control+i')
    await fresh.keyboard.type('italic')
    await fresh.getByLabel('Term', { exact: true }).fill('Shortcut')
    await fresh.getByRole('button', { name: 'Submit' }).click()
    await fresh.waitForURL('**/auth/view/glossaries')
    t.same(await rows<{ description: string }>(portal.database.db, sql`SELECT description FROM glossaries WHERE term = 'Shortcut'`), [
      { description: '<p>Keys make <b>bold</b> and <i>italic</i></p>' },
    ])
  })
})
