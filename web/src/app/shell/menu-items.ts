/** The logged-in menu of spec 000 §2 as data; the CRUD and view menus come from the registry. */
import { RESOURCES, type Action, type ResourceDef } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'

export interface MenuLinkDef {
  text: string
  href: string
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

function registryLinks(action: Action): MenuLinkDef[] {
  return RESOURCES.filter((r) => r.actions.includes(action)).map((r) => ({
    text: resourceMenuText(r),
    href: paths.auth.resource.getHref(action, r.key),
  }))
}

const link = (text: string, href: string): MenuLinkDef => ({ text, href })

export function topMenus(): TopMenuDef[] {
  const a = paths.auth
  return [
    {
      text: 'Members',
      icon: 'people',
      sections: [
        {
          // spec 000 §2: Members is the Members Table of the CCoE members (filters, Teams and DL Member, Blacklist toggle)
          links: [link('Members', a.resource.getHref('view', 'dcoe_members')), link('Membership Requests', a.membershipRequests.getHref())],
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
            link('Create AWS Account', a.createAwsAccount.getHref()),
            link('Create Azure Subscription', a.createAzureSubscription.getHref()),
            link('Create GCP Project', a.createGcpProject.getHref()),
            link('Modify Spinco Security Groups', a.spincoSgModification.getHref()),
          ],
        },
        {
          title: 'Administrative',
          links: [
            link('Service Catalog Manager', a.resource.getHref('view', 'service_catalog_products')),
            link('Billing Automation', a.billingAutomation.getHref()),
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
      ],
    },
    {
      text: 'CODE',
      icon: 'code',
      sections: [{ links: [link('CODE Members', a.resource.getHref('view', 'dcoe_members'))] }],
    },
  ]
}
