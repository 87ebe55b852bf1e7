import { getResource } from '../../../../shared/resources/index.js'
import { CUSTOMER_TEXTS } from '../../../../shared/rules/config-records.js'
import { ConfigPage, type ConfigScreenDef } from './config-page.js'

const DEF: ConfigScreenDef = {
  resource: getResource('customers'),
  nameField: 'name',
  listField: 'sfdc_ids',
  nameLabel: 'Customer Name',
  listLabel: 'SFDC IDs',
  valueLabel: 'SFDC ID',
  noun: 'customer',
  createTitle: 'Create Customer',
  texts: CUSTOMER_TEXTS,
}

/** /auth/customers (spec 000 §2: the missing-tags pattern with a name and sfdc ids). */
export default function CustomersPage() {
  return <ConfigPage def={DEF} />
}
