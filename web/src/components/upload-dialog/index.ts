export { UploadDialog, type UploadDialogProps } from './upload-dialog.js'
