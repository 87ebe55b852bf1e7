import type { FastifyPluginAsync } from 'fastify'
import { entryFor, type ResourceDef, type ResourceKey } from '../../../shared/resources/index.js'
import { adGroupsRoute } from './ad/groups.js'
import { finalizeRoute } from './billing-automation/finalize.js'
import { invoiceRoutes } from './billing-automation/invoices.js'
import { billExportRoutes } from './cloud-bills/export.js'
import { billSpendRoute } from './cloud-bills/spend.js'
import { billUploadRoute } from './cloud-bills/upload.js'
import { zippedAwsBillRoute } from './cloud-bills/zipped-aws-bill.js'
import { copilotWorkbookRoute } from './github/copilot-workbook.js'
import { exportRoute } from './cloud-certifications/export.js'
import { postureRoute } from './cloud-parents/posture.js'
import { byEmailRoute } from './cloud-contacts/by-email.js'
import { cloudRequestRoutes } from './cloud-requests/requests.js'
import { requestTargetRoutes } from './cloud-requests/targets.js'
import { memberSelfServiceRoutes } from './members-self-service/self-update.js'
import { networkUploadRoute } from './cost-center-networks/upload.js'
import { sendReportRoute } from './cost-centers/send-report.js'
import { expiredReportRoute } from './cost-centers/expired-report.js'
import { terminatedReportRoute } from './cloud-contacts/terminated-report.js'
import { terminatedAccountsRoute } from './cloud-parents/terminated-accounts.js'
import { uploadRoute } from './sap-cost-centers/upload.js'
import { updateProductRoute } from './service-catalog-products/update-product.js'

type SpecialRoute = FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }>

/**
 * The calls of spec §7 that are more than CRUD, by the model they belong to. Each lives in its own
 * folder beside the generic CRUD and reuses its SQL (db/records) and error mapping. A new one: a
 * folder under routes/ and a line here.
 */
const SPECIAL_ROUTES = {
  cost_centers: [sendReportRoute, expiredReportRoute],
  cloud_contacts: [byEmailRoute, terminatedReportRoute],
  sap_cost_centers: [uploadRoute],
  cloud_certifications: [exportRoute],
  service_catalog_products: [updateProductRoute],
  cost_center_networks: [networkUploadRoute],
  cloud_parents: [postureRoute, terminatedAccountsRoute],
  // the directory groups (GET /ad/groups) belong with the permission sets they grant
  ad_permission_sets: [adGroupsRoute],
  // the Cloud Factory calls (spec 000 §7) keep their requests in cloud_requests
  cloud_requests: [cloudRequestRoutes, requestTargetRoutes],
  // spec 000 §2, §7: the public member update and the select options its form shows
  dcoe_members: [memberSelfServiceRoutes],
  // spec 000 §7: the Billing Automation page's calls, beside the bills upload they share checks with
  cloud_bills: [billUploadRoute, billExportRoutes, billSpendRoute, zippedAwsBillRoute, invoiceRoutes, finalizeRoute],
  // spec 000 §7: POST /github/send_copilot_xlsx_email, the Copilot seats' billing workbook
  github_copilot_users: [copilotWorkbookRoute],
} satisfies Partial<Record<ResourceKey, readonly SpecialRoute[]>>

/** Registers the special routes of the models this upstream serves (tests may serve fewer). */
export const specialRoutes: FastifyPluginAsync<{ resources: readonly ResourceDef[] }> = async (app, { resources }) => {
  for (const resource of resources) {
    for (const route of entryFor<readonly SpecialRoute[]>(SPECIAL_ROUTES, resource.key) ?? [])
      await app.register(route, { resource, registry: resources })
  }
}
