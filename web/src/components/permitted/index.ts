export { Permitted, type PermittedProps } from './permitted.js'
