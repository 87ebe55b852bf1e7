export { UpdateMemberPage } from './update-member-page.js'
export { ThankYouPage } from './thank-you-page.js'
