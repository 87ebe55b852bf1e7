import useSWR from 'swr'
import { getResource } from '../../../shared/resources/index.js'
import type { ListAnswer } from '../../../shared/schemas/common.js'
import type { DashboardMeta, Posture } from '../../../shared/schemas/dashboard.js'
import { paths } from '../config/paths.js'
import type { Row } from './resource-api.js'

const cloudParents = getResource('cloud_parents')

/**
 * Spec 000 §7: `GET cloud_parents` (unfiltered) carries the dashboard counts in its meta; one row is
 * enough. The home's Statistics and the dash stats page share this one request (SWR dedupes it).
 */
export function useDashboardMeta() {
  const url = paths.api.model(cloudParents).list({ page: 1, perPage: 1, sort: cloudParents.defaultSort, filters: {} })
  return useSWR<ListAnswer<Row> & { meta: Partial<DashboardMeta> }>(url, { revalidateOnFocus: false })
}

/**
 * GET cloud_parents/posture?business_units=…: the Cloud Account Posture counts of the chosen units;
 * no request while none is chosen (the counts of no unit are all zeros: the page asks for one instead).
 */
export function usePosture(businessUnits: readonly string[]) {
  const url = businessUnits.length ? paths.api.cloudParents.posture.getHref({ business_units: businessUnits.join(',') }) : null
  return useSWR<{ data: Posture }>(url, { keepPreviousData: true })
}
