export { CertificationExportButton } from './export-button.js'
export { ProviderIcon } from './provider-icon.js'
