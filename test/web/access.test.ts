/** What the web offers each role: lib/access.ts over /api/session's permits, and the menus and screens that follow from it. */
import t from 'tap'
import { permitsOf } from '../../shared/access.js'
import type { Role } from '../../shared/roles.js'
import { getResource } from '../../shared/resources/index.js'
import { menuScreens, permittedMenus, topMenus } from '../../web/src/app/shell/menu-items.js'
import { resourceScreenNeeds, SCREEN_NEEDS } from '../../web/src/app/screen-needs.js'
import { accessOf, need, neededRole, refusalText } from '../../web/src/lib/access.js'

/** The session the gateway answers for a person of this role. */
const as = (role: Role | null) => accessOf({ email: 'x@ccoe.example', name: 'X', role, permits: permitsOf({ role }) })
const departments = getResource('departments')!

t.test('the reason names the role needed and the role held', async (t) => {
  t.equal(refusalText('viewer', 'editor'), 'Needs the editor role; you are a viewer')
  t.equal(refusalText('editor', 'admin'), 'Needs the admin role; you are an editor')
  t.equal(refusalText('viewer', 'admin'), 'Needs the admin role; you are a viewer')
  t.equal(neededRole(need.model('departments', 'delete')), 'admin', 'deleting is an admin’s')
  t.equal(neededRole(need.call('dbDump', 'dump')), 'admin', 'a call’s role is its declaration’s')
  t.equal(neededRole(need.call('costCenters', 'sendReport')), 'editor')
})

t.test('each role can what its permits say, and is told why not otherwise', async (t) => {
  const viewer = as('viewer')
  const editor = as('editor')
  const admin = as('admin')
  t.equal(viewer.why(need.model(departments, 'read')), undefined, 'a viewer reads')
  t.equal(viewer.why(need.model(departments, 'create')), 'Needs the editor role; you are a viewer')
  t.equal(editor.why(need.model(departments, 'update')), undefined, 'an editor edits')
  t.equal(editor.why(need.model(departments, 'delete')), 'Needs the admin role; you are an editor')
  t.equal(editor.why(need.call('dbDump', 'dump')), 'Needs the admin role; you are an editor')
  t.equal(admin.why(need.call('dbDump', 'dump')), undefined, 'an admin backs up')
  const addOrRemove = [need.call('requests', 'spincoSgAdd'), need.call('requests', 'spincoSgRemove')]
  t.equal(editor.can(addOrRemove), true, 'any one of several is enough')
  t.equal(viewer.why(addOrRemove), 'Needs the editor role; you are a viewer')
  t.equal(
    viewer.why([need.call('dbDump', 'dump'), need.model(departments, 'create')]),
    'Needs the editor role; you are a viewer',
    'the least role of several',
  )
  t.equal(as(null).can(need.model(departments, 'read')), false, 'no role reads nothing')
  t.equal(accessOf(undefined).can(need.model(departments, 'read')), false, 'nor does no session')
})

t.test('the screens: reading is anyone’s, the forms an editor’s, the billing automation an admin’s', async (t) => {
  const viewer = as('viewer')
  const editor = as('editor')
  t.equal(viewer.can(resourceScreenNeeds(departments, 'view')), true)
  t.equal(viewer.can(resourceScreenNeeds(departments, 'create')), false)
  t.equal(viewer.can(resourceScreenNeeds(departments, 'edit', true)), false)
  t.equal(viewer.can(resourceScreenNeeds(departments, 'crud')), false, 'the inline table is for writing')
  t.equal(editor.can(resourceScreenNeeds(departments, 'crud')), true)
  t.equal(editor.can(resourceScreenNeeds(departments, 'crud', true)), true, 'a record opened for editing')
  t.equal(editor.can(SCREEN_NEEDS.createAwsAccount), true)
  t.equal(editor.why(SCREEN_NEEDS.billingAutomation), 'Needs the admin role; you are an editor')
})

t.test('the menus leave out what the role cannot open, and a menu left empty', async (t) => {
  const texts = (role: Role | null) => permittedMenus(topMenus(), as(role)).map((m) => m.text)
  t.same(texts('admin'), ['Members', 'Deployments', 'CRUD', 'Services', 'Information', 'CODE'])
  t.same(texts('viewer'), ['Members', 'Deployments', 'Services', 'Information', 'CODE'], 'no CRUD')
  t.same(texts(null), [], 'no menu at all without a role')
  const services = (role: Role) =>
    permittedMenus(topMenus(), as(role))
      .find((m) => m.text === 'Services')!
      .sections.map((s) => [s.title, s.links.map((l) => l.text)])
  t.same(services('viewer'), [['Administrative', ['Service Catalog Manager']]], 'the Cloud Factory section goes with its last link')
  t.same(
    services('editor'),
    [
      ['Cloud Factory', ['Create AWS Account', 'Create Azure Subscription', 'Create GCP Project', 'Modify Spinco Security Groups']],
      ['Administrative', ['Service Catalog Manager']],
    ],
    'no Billing Automation',
  )
  t.same(permittedMenus(topMenus(), as('admin')), topMenus(), 'an admin sees every link')
})

t.test('the Audit Trail is for auditors and admins: in their Information menu, and the screen theirs', async (t) => {
  const audit = (role: Role) =>
    permittedMenus(topMenus(), as(role))
      .find((m) => m.text === 'Information')!
      .sections.find((s) => s.title === 'Audit')
      ?.links.map((l) => [l.text, l.href])
  t.same(audit('auditor'), [['Audit Trail', '/auth/audit']])
  t.same(audit('admin'), [['Audit Trail', '/auth/audit']])
  t.equal(audit('viewer'), undefined, 'no Audit section for a viewer')
  t.equal(audit('editor'), undefined, 'nor for an editor')
  t.equal(as('auditor').can(SCREEN_NEEDS.audit), true)
  t.equal(as('editor').why(SCREEN_NEEDS.audit), 'Needs the auditor or admin role; you are an editor')
  t.equal(as(null).can(SCREEN_NEEDS.audit), false)
})

t.test('the command palette offers each screen once, by a name no other screen has', async (t) => {
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    const screens = menuScreens(permittedMenus(topMenus(), as(role)))
    const twice = (key: (s: (typeof screens)[number]) => string) =>
      screens.map(key).filter((value, index, all) => all.indexOf(value) !== index)
    t.strictSame(
      twice((s) => s.href),
      [],
      `${role}: no screen twice`,
    )
    t.strictSame(
      twice((s) => s.text.toLowerCase()),
      [],
      `${role}: no name twice`,
    )
  }
  const admin = menuScreens(topMenus())
  const named = (text: string) => admin.filter((s) => s.text === text).map((s) => [s.href, s.menu])
  // the Deployments menu's list and the CRUD menu's inline table were both 'Departments'
  t.strictSame(named('Departments'), [['/auth/view/departments', 'Deployments']])
  t.strictSame(named('Departments (CRUD)'), [['/auth/crud/departments', 'CRUD']])
  // the Members menu's 'Members' is the CODE members' list; the Deployments menu's 'All Members' every member
  t.strictSame(named('All Members'), [['/auth/view/members', 'Deployments']])
  t.strictSame(named('CODE Members'), [['/auth/view/dcoe_members', 'Members']])
  t.strictSame(named('FAQs'), [['/auth/view/faqs', 'Deployments']], 'a screen of two menus (Faqs under Information) once')
})
