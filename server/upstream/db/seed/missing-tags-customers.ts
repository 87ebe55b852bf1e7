import type { ModelSeed } from './types.js'

/** Demo configs of the missing-tags report and demo customers; their lists are JSON text, as the API's. */
export const missingReportTagsSeed: ModelSeed = {
  model: 'missing_report_tags',
  rows: [
    { print_debug_message: 'AWS accounts missing a cost center tag', terms_to_ignore: '["sandbox","playground"]' },
    { print_debug_message: 'Azure subscriptions missing an owner tag', terms_to_ignore: '["Visual Studio Enterprise"]' },
    { print_debug_message: 'GCP projects missing a project name tag', terms_to_ignore: '["sys-","firebase","apps-script"]' },
  ],
}

export const customersSeed: ModelSeed = {
  model: 'customers',
  rows: [
    { name: 'Lottery North', sfdc_ids: '["0015000000AbCdE","0015000000FgHiJ"]' },
    { name: 'Gaming Central', sfdc_ids: '["0015000000KlMnO"]' },
    { name: 'Digital Betting Co', sfdc_ids: '["0015000000PqRsT","0015000000UvWxY","0015000000ZaBcD"]' },
  ],
}
