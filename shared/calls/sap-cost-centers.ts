import { MESSAGES } from '../messages.js'
import { DRY_RUN_DESCRIPTION, UploadQuerySchema } from './answers.js'
import type { CallDomain } from './types.js'

export const sapCostCenterCalls = {
  model: 'sap_cost_centers',
  calls: {
    // spec 001 §7: POST /sap_cost_centers/upload {sap_cost_center:{email, base_file}}, as JSON or
    // through the gateway's multipart upload; the upstream unzips and checks it either way
    upload: {
      method: 'POST',
      role: 'editor',
      recipient: { at: ['sap_cost_center', 'email'] },
      path: 'sap_cost_centers/upload',
      summary: 'Load a zipped CSV (identifier,company_code,owner_email), base64 in base_file; the summary is emailed to email',
      description: DRY_RUN_DESCRIPTION,
      query: UploadQuerySchema,
      upload: {
        target: 'sap_cost_centers',
        bodyKey: 'sap_cost_center',
        fileKey: 'base_file',
        encoding: 'base64',
        withEmail: true,
        // spec 001 §5: "The SAP upload file must be a zipped CSV (.csv.zip)"
        extensions: ['.csv.zip'],
        extensionMessage: MESSAGES.sapFileMustBeCsvZip,
      },
    },
  },
} as const satisfies CallDomain
