/** Cost centers: what they add to the generic registry screens (assembled in app/resource-overrides.tsx). */
export { CostCenterListActions } from './list-actions.js'
export { TerminatedOwnersCsvLink } from './terminated-owners-csv.js'
export { CostCenterInputs } from './cost-center-inputs.js'
