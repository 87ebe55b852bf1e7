export { NetworkUploadButton } from './network-upload-button.js'
