export { BillUploadPage } from './bill-upload-page.js'
export { BillListActions } from './bill-list-actions.js'
