import { TERMINATED_OWNERS_CSV } from '../../../../shared/resources/cost-centers.js'
import { CsvLink } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { useResource } from '../../lib/resource-context.js'

/**
 * The cost centers whose owner is terminated (spec 001 §2), on the list and on the inline table: the
 * list's filter on the CSV, which the gateway names with a prefix of its own.
 */
export function TerminatedOwnersCsvLink() {
  const resource = useResource()
  const { param, value } = TERMINATED_OWNERS_CSV
  return <CsvLink href={paths.api.model(resource).csv({ filters: { [param]: value } })} text="Download Terminated Owners CSV" />
}
