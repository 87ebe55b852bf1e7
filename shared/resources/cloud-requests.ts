import { choiceFilter, defineResource } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/** What a Cloud Factory form asked for (the request_type of a stored request). */
export const CLOUD_REQUEST_TYPES = ['AWS account', 'Azure subscription', 'GCP project', 'Spinco SG add', 'Spinco SG remove'] as const
export type CloudRequestType = (typeof CLOUD_REQUEST_TYPES)[number]

/**
 * The requests of the Cloud Factory forms (spec 000 §3, §7), kept by the upstream as they arrive
 * (POST /account/create, /azure-subscriptions/create, /gcp-project/create, /spinco_sgs/add|remove):
 * who asked (the gateway's identity), when, and what (the body, as JSON text). A read-only list for
 * the team; only those five calls write it.
 */
export const cloudRequests = defineResource({
  key: 'cloud_requests',
  noun: 'cloud request',
  fields: [
    ID_FIELD,
    { name: 'request_type', label: 'Request', type: 'select', required: true, options: CLOUD_REQUEST_TYPES },
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'requested_by', label: 'Requested By', type: 'email', required: true },
    { name: 'details', label: 'Details', type: 'text', required: true, maxLength: 20_000 },
    { ...CREATED_AT_FIELD, label: 'Requested' },
  ],
  columns: ['created_at', 'request_type', 'name', 'requested_by', 'details'],
  filters: [choiceFilter('request_type', 'Request', CLOUD_REQUEST_TYPES)],
  defaultSort: '-created_at',
  actions: ['view'],
  writes: [],
  messages: { listTitle: 'Cloud Requests Table' },
})
