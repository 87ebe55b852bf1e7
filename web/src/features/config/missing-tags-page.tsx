import { getResource } from '../../../../shared/resources/index.js'
import { MISSING_TAGS_TEXTS } from '../../../../shared/rules/config-records.js'
import { ConfigPage, type ConfigScreenDef } from './config-page.js'

const DEF: ConfigScreenDef = {
  resource: getResource('missing_report_tags'),
  nameField: 'print_debug_message',
  listField: 'terms_to_ignore',
  nameLabel: 'Print Message',
  listLabel: 'Terms to Ignore',
  valueLabel: 'Term to Ignore',
  noun: 'config',
  createTitle: 'Create Config',
  texts: MISSING_TAGS_TEXTS,
}

/** /auth/missing-tags-report (spec 000 §2). */
export default function MissingTagsPage() {
  return <ConfigPage def={DEF} />
}
