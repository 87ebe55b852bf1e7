import { choiceFilter, defineResource, withLabel, textFilter } from './define-resource.js'
import { CLOUD_LABELS } from '../constants.js'
import { ID_FIELD } from './types.js'

export const VIRTUAL_MACHINE_PROVIDERS = ['aws', 'gcp', 'azure'] as const

/** A virtual machine of a cloud parent (spec 001 §2, §3), read-only: the list and its CSV. */
export const virtualMachines = defineResource({
  key: 'virtual_machines',
  noun: 'virtual machine',
  fields: [
    ID_FIELD,
    { name: 'resource_id', label: 'Resource ID', type: 'text', required: true, unique: true, maxLength: 500 },
    { name: 'state', label: 'State', type: 'text', maxLength: 50 },
    {
      name: 'provider_type',
      label: 'Cloud',
      type: 'select',
      required: true,
      options: VIRTUAL_MACHINE_PROVIDERS,
      optionLabels: CLOUD_LABELS,
    },
    { name: 'identifier', label: 'Identifier', type: 'text', maxLength: 200 },
    { name: 'name', label: 'Name', type: 'text', maxLength: 200 },
    { name: 'location', label: 'Location', type: 'text', maxLength: 100 },
    { name: 'resource_type', label: 'Resource Type', type: 'text', maxLength: 100 },
    ...withLabel(
      {
        name: 'business_units_id',
        label: 'Business Unit',
        type: 'lookup',
        lookup: { model: 'business_units', labelField: 'name' },
      },
      'business_unit_name',
    ),
    ...withLabel(
      {
        name: 'default_cost_center_id',
        label: 'Cost Center',
        type: 'lookup',
        lookup: { model: 'cost_centers', labelField: 'identifier' },
      },
      'cost_center',
    ),
  ],
  columns: [
    'resource_id',
    'state',
    'provider_type',
    'identifier',
    'name',
    'location',
    'resource_type',
    'business_unit_name',
    'cost_center',
  ],
  filters: [
    textFilter('resource_id', 'Resource ID'),
    textFilter('state', 'State'),
    textFilter('identifier', 'Identifier'),
    textFilter('name', 'Name'),
    textFilter('location', 'Location'),
    textFilter('resource_type', 'Resource Type'),
    choiceFilter('provider_type', 'Cloud', VIRTUAL_MACHINE_PROVIDERS, CLOUD_LABELS),
  ],
  defaultSort: 'name',
  actions: ['view'],
  csv: {
    prefix: 'virtual_machines',
    columns: [
      'resource_id',
      'state',
      { header: 'cloud', field: 'provider_type' },
      'identifier',
      'name',
      'location',
      'resource_type',
      { header: 'business_unit', field: 'business_unit_name' },
      'cost_center',
    ],
  },
})
