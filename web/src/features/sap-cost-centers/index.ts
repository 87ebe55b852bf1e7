export { SapUploadButton } from './sap-upload-button.js'
