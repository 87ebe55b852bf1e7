import { MESSAGES } from '../../shared/messages.js'
import { BILL_PROVIDERS } from '../../shared/resources/cloud-bills.js'
import { FINALIZE_FLAGS } from '../../shared/schemas/billing-automation.js'

const mapValues = <K extends string, V>(record: Record<K, unknown>, to: () => V) =>
  Object.fromEntries(Object.keys(record).map((key) => [key, to()])) as Record<K, V>
import { entryFor, type ResourceKey } from '../../shared/resources/index.js'

/**
 * What POST /api/upload/<target> forwards where (spec 001 §7): the upstream path, and how the file
 * goes in the JSON body. A new upload is one entry here, keyed by its registry model (a key that is
 * not a model fails tsc).
 */
export interface UploadTarget {
  /** upstream path, without leading slash */
  path: string
  /** the body's outer key: {"<bodyKey>": {...}} */
  bodyKey: string
  /** the inner key that carries the file */
  fileKey: string
  /** 'base64': the bare base64 text; 'dataUrl': data:<mime>;base64,<text> */
  encoding: 'base64' | 'dataUrl'
  /** also send `email`: the form's email field, else the signed-in user's */
  withEmail?: boolean
  /** accepted file name endings (lower case); unset: any */
  extensions?: readonly string[]
  /** the 422 message for another ending */
  extensionMessage?: string
  /**
   * form fields that travel beside the file as {"<key>":{…}}: a checkbox (true when sent as 'true',
   * else false) or one of some choices (required)
   */
  input?: { key: string; fields: Readonly<Record<string, 'boolean' | readonly string[]>> }
}

export const UPLOAD_TARGETS = {
  // spec 001 §5: "The SAP upload file must be a zipped CSV (.csv.zip)"
  sap_cost_centers: {
    path: 'sap_cost_centers/upload',
    bodyKey: 'sap_cost_center',
    fileKey: 'base_file',
    encoding: 'base64',
    withEmail: true,
    extensions: ['.csv.zip'],
    extensionMessage: MESSAGES.sapFileMustBeCsvZip,
  },
  // spec 001 §7: POST /cost_center_networks/upload with {cost_center_network:{file: base64 data URL}}
  cost_center_networks: {
    path: 'cost_center_networks/upload',
    bodyKey: 'cost_center_network',
    fileKey: 'file',
    encoding: 'dataUrl',
    extensions: ['.csv'],
    extensionMessage: MESSAGES.networkFileMustBeCsv,
  },
  // spec 001 §7: POST /cloud_bills/upload with {cloud_bill:{data: file as base64 data URL}}
  cloud_bills: {
    path: 'cloud_bills/upload',
    bodyKey: 'cloud_bill',
    fileKey: 'data',
    encoding: 'dataUrl',
    extensions: ['.xlsx', '.csv'],
    extensionMessage: 'The bills file must be an .xlsx workbook or a .csv file',
  },
  // spec 000 §7: Finalize Invoice, POST /cloud_bills/parse_pre_ap with {cloud_bill:{data, input:{provider,
  // the four flags}}}; the billing job it records names the target (cloud_bills has its upload already)
  billing_jobs: {
    path: 'cloud_bills/parse_pre_ap',
    bodyKey: 'cloud_bill',
    fileKey: 'data',
    encoding: 'dataUrl',
    extensions: ['.xlsx', '.csv'],
    extensionMessage: 'The invoice file must be an .xlsx workbook or a .csv file',
    input: {
      key: 'input',
      fields: { provider: BILL_PROVIDERS, ...mapValues(FINALIZE_FLAGS, () => 'boolean' as const) },
    },
  },
} satisfies Partial<Record<ResourceKey, UploadTarget>>

export function uploadTarget(name: string): UploadTarget | undefined {
  return entryFor<UploadTarget>(UPLOAD_TARGETS, name)
}
