/**
 * The department choice for a member outside the departments list: the Add New Member form offers
 * it (then asks for the name), and the Members Table's Department filter offers it too.
 */
export const OTHER_DEPARTMENT = 'Other'
