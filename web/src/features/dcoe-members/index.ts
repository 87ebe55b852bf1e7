/** CCoE members (dcoe_members): the blacklist toggle cell and the Add New Member form. */
export { BlacklistSwitch } from './blacklist-switch.js'
export { DcoeMemberCreatePage, MemberCreatePage } from './dcoe-member-create-page.js'
export { DcoeMemberEditPage } from './dcoe-member-edit-page.js'
export { DcoeMemberActions, MemberDepartment } from './member-cells.js'
export { SelfServiceLinkButton } from './self-service-link.js'
