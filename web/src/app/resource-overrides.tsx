/**
 * The models whose screens differ from the generic registry screens, and how. Only app/ knows every
 * feature; each feature module stays ignorant of the others and of this map. The map loads with the
 * resource screens' chunk (resource-screen-with-overrides.tsx); screens and slots with their feature's.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { MESSAGES } from '../../../shared/messages.js'
import { isResourceKey, type ResourceKey } from '../../../shared/resources/index.js'
import type { ResourceExtensions } from '../resources/extensions.js'
import { deriveCompanyGl } from '../features/companies/index.js'
import { costCenterForm } from '../features/cost-centers/form-extension.js'
import type { Row } from '../lib/resource-api.js'

type PropsOf<C> = C extends ComponentType<infer P> ? P : never

/** one named export of a feature's chunk as a lazy component, typed by that export's own props */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }))
}

const costCenters = () => import('../features/cost-centers/index.js')
const dcoeMembers = () => import('../features/dcoe-members/index.js')
const BlacklistSwitch = lazyNamed(dcoeMembers, 'BlacklistSwitch')
const MemberDepartment = lazyNamed(dcoeMembers, 'MemberDepartment')
const cloudCertifications = () => import('../features/cloud-certifications/index.js')
const serviceCatalogProducts = () => import('../features/service-catalog-products/index.js')
const cloudBills = () => import('../features/cloud-bills/index.js')
const NetworkUploadButton = lazyNamed(() => import('../features/cost-center-networks/index.js'), 'NetworkUploadButton')
const ProviderIcon = lazyNamed(cloudCertifications, 'ProviderIcon')
const ChangeSummary = lazyNamed(() => import('../resources/change-summary.js'), 'ChangeSummary')

// `satisfies` checks every key against the registry: a mistyped model name fails tsc
const OVERRIDES = {
  cost_centers: {
    listActions: lazyNamed(costCenters, 'CostCenterListActions'),
    inlineActions: lazyNamed(costCenters, 'TerminatedOwnersCsvLink'),
    // the generic add and edit pages, with the cost center's inputs, checks and unknown owner (spec 001 §4, §5)
    ...costCenterForm,
    formInputs: lazyNamed(costCenters, 'CostCenterInputs'),
    // spec 001 §4, §5: a new inline row is active from now; a duplicate identifier reloads the page
    newValues: () => ({ active_at: new Date().toISOString() }),
    reloadOnDuplicate: true,
    // issue 42 item 1: its own 12-month spend on its record page
    recordPanel: lazyNamed(() => import('../features/spend/index.js'), 'CostCenterSpend'),
  },
  companies: { derive: deriveCompanyGl, confirmCreate: true },
  // spec 001 §7, §8: an inline add reads the contact back, GET /cloud_contacts/{id}
  cloud_contacts: {
    screens: { create: lazyNamed(() => import('../features/cloud-contacts/index.js'), 'ContactCreatePage') },
    fetchAfterAdd: MESSAGES.contactReadBackFailed,
  },
  // spec 001 §5: the edit refuses a None cost center and keeps the stored key when none is typed
  github_organization_apps: {
    screens: {
      create: lazyNamed(() => import('../features/github/index.js'), 'GithubAppPage'),
      edit: lazyNamed(() => import('../features/github/index.js'), 'GithubAppPage'),
    },
  },
  // spec 001 §2, §5: the same upload dialog on both lists; a duplicate identifier reloads the page
  cost_center_networks: { listActions: NetworkUploadButton, reloadOnDuplicate: true },
  project_ids: { listActions: NetworkUploadButton, reloadOnDuplicate: true },
  sap_cost_centers: {
    listActions: lazyNamed(() => import('../features/sap-cost-centers/index.js'), 'SapUploadButton'),
  },
  // spec 000 §2: the Members Table's Add New Member is /auth/create/members, the same form as its own
  members: { screens: { create: lazyNamed(dcoeMembers, 'MemberCreatePage') } },
  dcoe_members: {
    addModel: 'members',
    rowActions: lazyNamed(dcoeMembers, 'DcoeMemberActions'),
    renderCell: (name: string, row: Row) => {
      if (name === 'blacklist') return <BlacklistSwitch key={`${row.id}-${String(row.blacklist)}`} row={row} />
      // issue 39 item 14: 'Other: Marketing Technology', not 'Other'
      if (name === 'department') return <MemberDepartment row={row} />
      return undefined
    },
    screens: { create: lazyNamed(dcoeMembers, 'DcoeMemberCreatePage'), edit: lazyNamed(dcoeMembers, 'DcoeMemberEditPage') },
  },
  cloud_certifications: {
    listActions: lazyNamed(cloudCertifications, 'CertificationExportButton'),
    renderCell: (name: string, row: Row) => (name === 'provider' ? <ProviderIcon provider={row.provider} /> : undefined),
  },
  // spec 001 §2: the FAQs table has an edit link per row
  faqs: { editLink: true },
  // spec 001 §2: products are cards with an Update each; the add form has the 300 px editor (§9)
  service_catalog_products: {
    screens: {
      view: lazyNamed(serviceCatalogProducts, 'ProductCardsPage'),
      create: lazyNamed(serviceCatalogProducts, 'ProductCreatePage'),
    },
  },
  // spec 001 §2: the add form chooses the identifier among the cloud parents' and fills from it
  cloud_survey_responses: {
    screens: { create: lazyNamed(() => import('../features/cloud-survey-responses/index.js'), 'SurveyCreatePage') },
  },
  // spec 001 §2: creating cloud bills is the upload screen; the history has the Export Data dialog
  cloud_bills: {
    screens: { create: lazyNamed(cloudBills, 'BillUploadPage') },
    listActions: lazyNamed(cloudBills, 'BillListActions'),
  },
  // issue 27 item 7: a change's fields read under their labels, from → to, not as the stored JSON
  // read as sentences: the HTML table, whose cells wrap, rather than the grid of a wide read-only list
  record_changes: {
    initialLayout: 'table',
    renderCell: (name: string, row: Row) => (name === 'changes' ? <ChangeSummary row={row} /> : undefined),
  },
} satisfies Partial<Record<ResourceKey, ResourceExtensions>>

const BY_KEY: Readonly<Partial<Record<ResourceKey, ResourceExtensions>>> = OVERRIDES

/** What a model changes in the generic screens; undefined for a plain model. */
export function resourceOverrides(key: string): ResourceExtensions | undefined {
  return isResourceKey(key) ? BY_KEY[key] : undefined
}
