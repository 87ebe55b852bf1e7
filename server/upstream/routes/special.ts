import type { FastifyPluginAsync } from 'fastify'
import { CALLS, type CallDomain, type CallDomainName } from '../../../shared/calls/index.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { authRoutes } from './auth.js'
import { finalizeRoute } from './billing-automation/finalize.js'
import { invoiceRoutes } from './billing-automation/invoices.js'
import { unchargeableRoutes } from './chargeability/unchargeable.js'
import { billExportRoutes } from './cloud-bills/export.js'
import { billSpendRoute } from './cloud-bills/spend.js'
import { monthlySpendRoutes } from './cloud-bills/monthly-spend.js'
import { spendAnomaliesRoutes } from './cloud-bills/spend-anomalies.js'
import { billUploadRoute } from './cloud-bills/upload.js'
import { zippedAwsBillRoute } from './cloud-bills/zipped-aws-bill.js'
import { exportRoute } from './cloud-certifications/export.js'
import { byEmailRoute } from './cloud-contacts/by-email.js'
import { terminatedReportRoute } from './cloud-contacts/terminated-report.js'
import { postureRoute } from './cloud-parents/posture.js'
import { terminatedAccountsRoute } from './cloud-parents/terminated-accounts.js'
import { budgetStatusRoute } from './cost-center-budgets/status.js'
import { networkUploadRoute } from './cost-center-networks/upload.js'
import { expiredReportRoute } from './cost-centers/expired-report.js'
import { ownerDigestRoute } from './cost-centers/owner-digest.js'
import { sendReportRoute } from './cost-centers/send-report.js'
import { dbDumpRoute } from './db-dump/dump.js'
import { groupsRoute } from './directory/groups.js'
import { copilotWorkbookRoute } from './github/copilot-workbook.js'
import { listViewRoutes } from './list-views/views.js'
import { cloudRequestRoutes } from './requests/requests.js'
import { requestTargetRoutes } from './requests/targets.js'
import { uploadRoute } from './sap-cost-centers/upload.js'
import { searchRoute } from './search/records.js'
import { memberSelfServiceRoutes } from './self-service/self-update.js'
import { updateProductRoute } from './service-catalog-products/update-product.js'

type SpecialRoute = FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }>

/**
 * The handlers of the calls shared/calls declares, by domain: each domain's folder here is named as
 * its file there (and as the web's `features/<domain>`, where the domain has screens of its own),
 * beside the generic CRUD, and reuses its SQL (db/records) and error mapping. A domain declared there and not routed here fails tsc.
 */
const SPECIAL_ROUTES = {
  auth: [authRoutes],
  billingAutomation: [invoiceRoutes, finalizeRoute],
  chargeability: [unchargeableRoutes],
  cloudBills: [billUploadRoute, billExportRoutes, billSpendRoute, monthlySpendRoutes, spendAnomaliesRoutes, zippedAwsBillRoute],
  cloudCertifications: [exportRoute],
  cloudContacts: [byEmailRoute, terminatedReportRoute],
  cloudParents: [postureRoute, terminatedAccountsRoute],
  costCenters: [sendReportRoute, expiredReportRoute, ownerDigestRoute],
  costCenterBudgets: [budgetStatusRoute],
  costCenterNetworks: [networkUploadRoute],
  dbDump: [dbDumpRoute],
  directory: [groupsRoute],
  github: [copilotWorkbookRoute],
  listViews: [listViewRoutes],
  requests: [cloudRequestRoutes, requestTargetRoutes],
  sapCostCenters: [uploadRoute],
  search: [searchRoute],
  selfService: [memberSelfServiceRoutes],
  serviceCatalogProducts: [updateProductRoute],
} satisfies Record<CallDomainName, readonly SpecialRoute[]>

/**
 * Registers the routes of the declared calls: of every domain whose model this upstream serves (tests
 * may serve fewer), and of the domains that belong to no model.
 */
export const specialRoutes: FastifyPluginAsync<{ resources: readonly ResourceDef[] }> = async (app, { resources }) => {
  for (const [domain, { model }] of Object.entries(CALLS as Record<CallDomainName, CallDomain>)) {
    const resource = resources.find((r) => r.key === model)
    if (model && !resource) continue
    for (const route of SPECIAL_ROUTES[domain as CallDomainName] as readonly SpecialRoute[])
      await app.register(route, { resource: resource!, registry: resources })
  }
}
