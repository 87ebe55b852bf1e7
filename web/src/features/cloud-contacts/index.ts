export { ContactCreatePage } from './contact-create-page.js'
