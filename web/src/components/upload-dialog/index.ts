export { UploadDialog, type UploadDialogProps } from './upload-dialog.js'
export { UploadPlanSummary, type UploadPlan } from './upload-plan-summary.js'
