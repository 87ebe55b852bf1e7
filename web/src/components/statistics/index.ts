export { Statistics } from './statistics.js'
