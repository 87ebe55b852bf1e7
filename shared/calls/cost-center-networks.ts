import { MESSAGES } from '../messages.js'
import { DRY_RUN_DESCRIPTION, UploadQuerySchema } from './answers.js'
import type { CallDomain } from './types.js'

export const costCenterNetworkCalls = {
  model: 'cost_center_networks',
  calls: {
    // spec 001 §7: POST /cost_center_networks/upload with {cost_center_network:{file: base64 data URL}}
    upload: {
      method: 'POST',
      role: 'editor',
      path: 'cost_center_networks/upload',
      summary: 'Load a CSV of cost centers, networks and projects (a base64 data URL in file)',
      description: DRY_RUN_DESCRIPTION,
      query: UploadQuerySchema,
      upload: {
        target: 'cost_center_networks',
        bodyKey: 'cost_center_network',
        fileKey: 'file',
        encoding: 'dataUrl',
        extensions: ['.csv'],
        extensionMessage: MESSAGES.networkFileMustBeCsv,
      },
    },
  },
} as const satisfies CallDomain
