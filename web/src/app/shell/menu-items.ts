/** The logged-in menu of spec 000 §2 as data; the CRUD and view menus come from the registry. */
import { getResource, RESOURCES, type ResourceDef, type ResourceKey } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'
import type { Access, Needs } from '../../lib/access.js'
import { resourceScreenNeeds, SCREEN_NEEDS, type GuardedScreen } from '../screen-needs.js'

export interface MenuLinkDef {
  text: string
  href: string
  /**
   * the screen's name away from its menu (the command palette), where the link's text alone names
   * another screen too: the CRUD menu's 'Departments' is the inline table, not the Deployments
   * menu's list @default text
   */
  screen?: string
  /** what the screen is for (screen-needs.ts): a role that cannot is not offered the link */
  needs?: Needs
}
export interface MenuSectionDef {
  /** a divider title inside the popover, when the menu has groups */
  title?: string
  links: MenuLinkDef[]
}
export interface TopMenuDef {
  text: string
  icon: 'people' | 'cloud' | 'database' | 'build' | 'info-sign' | 'code'
  sections: MenuSectionDef[]
}

/** "Departments Table" → "Departments": the registry's list title names the model for people, unless it has a menu label. */
export function resourceMenuText(resource: ResourceDef): string {
  return resource.messages.menuLabel ?? resource.messages.listTitle.replace(/\s+Table$/i, '')
}

/** The registry's screens of one action; an inline table is named for its menu away from it ('Departments (CRUD)'). */
function registryLinks(action: 'view' | 'crud'): MenuLinkDef[] {
  return RESOURCES.filter((r) => r.actions.includes(action)).map((r) => ({
    text: resourceMenuText(r),
    href: paths.auth.resource.getHref(action, r.key),
    ...(action === 'crud' && { screen: `${resourceMenuText(r)} (CRUD)` }),
    needs: resourceScreenNeeds(r, action),
  }))
}

const link = (text: string, href: string, needs?: Needs): MenuLinkDef => ({ text, href, ...(needs && { needs }) })
/** A registry model's list under another name in its menu: away from the menu it is the model's own. */
const listLink = (text: string, model: ResourceKey): MenuLinkDef => ({
  ...link(text, paths.auth.resource.getHref('view', model)),
  screen: resourceMenuText(getResource(model)),
})
/** A fixed screen's link, with the need the router checks for it. */
const screenLink = (text: string, name: GuardedScreen): MenuLinkDef => link(text, paths.auth[name].getHref(), SCREEN_NEEDS[name])

export function topMenus(): TopMenuDef[] {
  const a = paths.auth
  return [
    {
      text: 'Members',
      icon: 'people',
      sections: [
        {
          // spec 000 §2: Members is the Members Table of the CCoE members (filters, Teams and DL Member, Blacklist toggle)
          links: [listLink('Members', 'dcoe_members'), link('Membership Requests', a.membershipRequests.getHref())],
        },
      ],
    },
    { text: 'Deployments', icon: 'cloud', sections: [{ links: registryLinks('view') }] },
    { text: 'CRUD', icon: 'database', sections: [{ links: registryLinks('crud') }] },
    {
      text: 'Services',
      icon: 'build',
      sections: [
        {
          title: 'Cloud Factory',
          links: [
            screenLink('Create AWS Account', 'createAwsAccount'),
            screenLink('Create Azure Subscription', 'createAzureSubscription'),
            screenLink('Create GCP Project', 'createGcpProject'),
            screenLink('Modify Spinco Security Groups', 'spincoSgModification'),
          ],
        },
        {
          title: 'Administrative',
          links: [
            link('Service Catalog Manager', a.resource.getHref('view', 'service_catalog_products')),
            screenLink('Billing Automation', 'billingAutomation'),
          ],
        },
      ],
    },
    {
      text: 'Information',
      icon: 'info-sign',
      sections: [
        {
          links: [
            link('Statistics', a.dashStats.getHref()),
            link('Spend', a.spend.getHref()),
            link('Chargeability', a.chargeability.getHref()),
            link('Faqs', a.resource.getHref('view', 'faqs')),
            link('Glossary', a.resource.getHref('view', 'glossaries')),
          ],
        },
        {
          title: 'Active Directory',
          links: [
            link('AWS Groups', a.activeDirectory.getHref('aws')),
            link('Azure Groups', a.activeDirectory.getHref('azure')),
            link('GCP Groups', a.activeDirectory.getHref('gcp')),
          ],
        },
        {
          title: 'Reports',
          // spec 000 §1: the two configuration screens, side by side
          links: [
            link('Cloud Account Posture', a.accountDetails.getHref()),
            link('Missing Report Tags', a.missingTagsReport.getHref()),
            link('Customers', a.customers.getHref()),
          ],
        },
        { title: 'Audit', links: [screenLink('Audit Trail', 'audit')] },
      ],
    },
    {
      text: 'CODE',
      icon: 'code',
      sections: [{ links: [link('CODE Members', a.resource.getHref('view', 'dcoe_members'))] }],
    },
  ]
}

/**
 * The menus as the signed-in role sees them: the screens it cannot use left out, and a section or a
 * menu left with no link left out whole. Hiding is for the navigation alone; a control inside a page
 * is shown disabled with its reason (components/permitted).
 */
export function permittedMenus(menus: readonly TopMenuDef[], access: Access): TopMenuDef[] {
  return menus.flatMap((menu) => {
    const sections = menu.sections.flatMap((section) => {
      // a link without needs only reads, which takes a role all the same
      const links = section.links.filter((l) => access.role !== null && (!l.needs || access.can(l.needs)))
      return links.length ? [{ ...section, links }] : []
    })
    return sections.length ? [{ ...menu, sections }] : []
  })
}

/** A screen of the menus, once: what the command palette jumps to. */
export interface MenuScreen {
  text: string
  href: string
  /** the menu it is in (the first that links it) */
  menu: string
}

/**
 * Home and the menus' screens, each once (a screen linked from two menus, such as FAQs, is one) and
 * each by a name no other screen has (a link's `screen` name where its text is another's too).
 */
export function menuScreens(menus: readonly TopMenuDef[]): MenuScreen[] {
  const all = [
    { text: 'Home', href: paths.auth.home.getHref(), menu: '' },
    ...menus.flatMap((m) => m.sections.flatMap((s) => s.links.map((l) => ({ text: l.screen ?? l.text, href: l.href, menu: m.text })))),
  ]
  return all.filter((screen, index) => all.findIndex((s) => s.href === screen.href) === index)
}
