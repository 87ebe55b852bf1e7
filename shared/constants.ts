/** Business constants of the spec (000 §9, 001 §9). */
export const LOGIN_REDIRECT_DELAY_MS = 2000
export const LOGOUT_REDIRECT_DELAY_MS = 2000
export const LOGO_ANIMATION_MS = 3000
export const NEW_ROW_ID = -100
export const NONE_ID = -9999
export const DISPLAY_DATE_FORMAT = 'dd-MMM-yyyy'
export const PICKER_DATE_FORMAT = 'MMMM d, yyyy'
/** spec 001 §9: 'The editor date format is MM-DD-YYYY with time HH:mm' (the inline editors; a day has no time) */
export const EDITOR_DATE_FORMAT = 'MM-dd-yyyy'
export const EDITOR_DATETIME_FORMAT = 'MM-dd-yyyy HH:mm'
export const DEFAULT_PAGE_SIZE = 25
/**
 * How a cloud reads to people, whatever a model stores: cloud parents type it ('AwsCloudParent',
 * spec 000 §6), bills, certifications, survey answers and virtual machines name it (aws, azure, gcp: spec 001 §9).
 */
export const CLOUD_LABELS: Readonly<Record<string, string>> = {
  AwsCloudParent: 'AWS',
  AzureCloudParent: 'Azure',
  GcpCloudParent: 'GCP',
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'GCP',
}
export const MAX_PAGE_SIZE = 1000
/** spec 000 §9 */
export const BUSINESS_UNIT_OPTIONS = ['CCOE', 'CORP', 'GAM', 'LOT', 'BET', 'CIO'] as const
/**
 * How a business unit code reads to people, the one label of every screen that shows one (issue 39
 * item 17): spec 000 §2 names them so on the posture page ('CORP Corporate', 'BET Digital & Betting').
 */
export const BUSINESS_UNIT_LABELS: Readonly<Record<(typeof BUSINESS_UNIT_OPTIONS)[number], string>> = {
  CCOE: 'CCOE',
  CORP: 'CORP Corporate',
  GAM: 'GAM Gaming',
  LOT: 'LOT Lottery',
  BET: 'BET Digital & Betting',
  CIO: 'CIO',
}
export const TEAM_OPTIONS = ['Core', 'Advisory', 'Community'] as const
/** a member's department outside the departments list (spec 000 §5: other_department replaces it) */
export const OTHER_DEPARTMENT = 'Other'
/** The columns an SAP cost center upload's CSV must name (any order, any case; the upstream checks them, the dialog lists them) */
export const SAP_UPLOAD_COLUMNS = ['identifier', 'company_code', 'owner_email'] as const
/**
 * The columns of the 'Upload New Network/Project IDs' CSV (any order, any case): every row names a
 * network and its cost center; `project` (with its SAP and PPM names) is left empty on a network-only row.
 */
export const NETWORK_UPLOAD_COLUMNS = ['cost_center', 'network', 'project', 'sap_project_name', 'ppm_project_name'] as const
/** of those, the ones every file must have */
export const NETWORK_UPLOAD_REQUIRED = ['cost_center', 'network'] as const
/** spec 000 §3, §9: the AWS OU options; a new account goes to sandbox unless chosen otherwise */
export const AWS_OU_OPTIONS = ['sandbox', 'development', 'test', 'production'] as const
export const DEFAULT_AWS_OU = 'sandbox'
