/** CCoE members (dcoe_members): the blacklist toggle cell, the Add New Member form, the 'Other' department. */
export { BlacklistSwitch } from './blacklist-switch.js'
export { DcoeMemberCreatePage } from './dcoe-member-create-page.js'
export { OTHER_DEPARTMENT } from './other-department.js'
