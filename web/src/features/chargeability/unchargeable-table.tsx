import { HTMLTable, Tag } from '@blueprintjs/core'
import { Link } from 'wouter'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import { CHARGEABILITY_REASON_LABELS, type UnchargeableResource } from '../../../../shared/schemas/chargeability.js'
import { paths } from '../../config/paths.js'

export const KIND_LABELS: Readonly<Record<UnchargeableResource['kind'], string>> = {
  cloud_parents: 'Cloud parent',
  virtual_machines: 'Virtual machine',
}

/** The unchargeable resources of a page: each opens its record page, and its cost center's when the portal knows it. */
export function UnchargeableTable({ rows }: { rows: readonly UnchargeableResource[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Unchargeable resources">
      <HTMLTable striped compact className="chargeability-table" aria-label="Unchargeable resources">
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Provider</th>
            <th scope="col">Business Unit</th>
            <th scope="col">Cost Center</th>
            <th scope="col">Owner</th>
            <th scope="col">Reasons</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind} ${r.id}`}>
              <th scope="row">
                <Link href={paths.auth.resource.getHref('view', r.kind, r.id)} aria-label={`${KIND_LABELS[r.kind]} ${r.resource}`}>
                  {r.resource}
                </Link>
              </th>
              <td>{r.name ?? '—'}</td>
              <td>{KIND_LABELS[r.kind]}</td>
              <td>{CLOUD_LABELS[r.provider] ?? r.provider}</td>
              <td>{r.business_unit_name ?? '—'}</td>
              <td>
                {r.cost_center_id !== null ? (
                  <Link href={paths.auth.resource.getHref('view', 'cost_centers', r.cost_center_id)}>{r.cost_center}</Link>
                ) : (
                  (r.cost_center ?? '—')
                )}
              </td>
              <td>{r.owner ?? '—'}</td>
              <td className="chargeability-reasons">
                {r.reasons.map((reason) => (
                  <Tag key={reason} minimal>
                    {CHARGEABILITY_REASON_LABELS[reason]}
                  </Tag>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  )
}
