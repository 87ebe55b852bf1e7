/**
 * The models whose screens differ from the generic registry screens, and how. Only app/ knows every
 * feature; each feature module stays ignorant of the others and of this map. Screens and slots load
 * with their feature's chunk.
 */
import { lazy, type ComponentType } from 'react'
import type { ResourceExtensions } from '../features/resources/extensions.js'
import { deriveCompanyGl } from '../features/companies/index.js'
// the constant alone, so the members chunk stays lazy
import type { Row } from '../lib/resource-api.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<any> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> }))
}

const costCenters = () => import('../features/cost-centers/index.js')
const members = () => import('../features/members/index.js')
const BlacklistSwitch = lazyNamed(members, 'BlacklistSwitch')

export const RESOURCE_OVERRIDES: Readonly<Record<string, ResourceExtensions>> = {
  cost_centers: {
    listActions: lazyNamed(costCenters, 'CostCenterListActions'),
    screens: { create: lazyNamed(costCenters, 'CostCenterPage'), edit: lazyNamed(costCenters, 'CostCenterPage') },
  },
  companies: { derive: deriveCompanyGl, confirmCreate: true },
  cloud_contacts: {
    screens: { create: lazyNamed(() => import('../features/cloud-contacts/index.js'), 'ContactCreatePage') },
  },
  sap_cost_centers: {
    listActions: lazyNamed(() => import('../features/sap-cost-centers/index.js'), 'SapUploadButton'),
  },
  dcoe_members: {
    noRowActions: true,
    renderCell: (name: string, row: Row) =>
      name === 'blacklist' ? <BlacklistSwitch key={`${row.id}-${String(row.blacklist)}`} row={row} /> : undefined,
    screens: { create: lazyNamed(members, 'DcoeMemberCreatePage') },
  },
}
