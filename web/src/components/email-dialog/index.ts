export { EmailDialog, type EmailDialogProps } from './email-dialog.js'
