export { BillUploadPage } from './bill-upload-page.js'
