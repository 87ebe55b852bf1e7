import type { ModelSeed } from './types.js'
import { BUSINESS_UNIT_COST_CENTERS, BUSINESS_UNIT_NAMES, demoCloudParents } from './cloud-parents.js'

/** What each cloud calls a machine's state, region and size. */
const CLOUDS = {
  AwsCloudParent: {
    provider: 'aws',
    states: ['running', 'running', 'stopped', 'running', 'terminated'],
    locations: ['us-east-1', 'eu-west-1', 'us-west-2'],
    types: ['t3.medium', 'm5.large', 'c6i.xlarge', 'r6g.2xlarge'],
  },
  GcpCloudParent: {
    provider: 'gcp',
    states: ['RUNNING', 'RUNNING', 'TERMINATED', 'RUNNING', 'SUSPENDED'],
    locations: ['us-central1-a', 'europe-west1-b', 'us-east4-c'],
    types: ['e2-standard-4', 'n2-standard-8', 'e2-medium', 'c3-standard-4'],
  },
  AzureCloudParent: {
    provider: 'azure',
    states: ['VM running', 'VM running', 'VM deallocated', 'VM running', 'VM stopped'],
    locations: ['eastus', 'westeurope', 'northeurope'],
    types: ['Standard_D4s_v5', 'Standard_B2ms', 'Standard_E8s_v5', 'Standard_F4s_v2'],
  },
} as const

const ROLES = ['app', 'db', 'worker', 'bastion', 'build', 'cache']

/** 36 machines, a dozen per cloud, each in one of the demo cloud parents of its cloud. */
function demoVirtualMachines(): ModelSeed['rows'] {
  const parents = demoCloudParents()
  const rows: Record<string, string | null>[] = []
  for (const [type, cloud] of Object.entries(CLOUDS)) {
    const ofCloud = parents.filter((p) => p.provider_type === type)
    for (let j = 0; j < 12; j++) {
      const parent = ofCloud[(j * 11) % ofCloud.length]
      const name = `${parent.name}-${ROLES[j % ROLES.length]}-${String(j + 1).padStart(2, '0')}`
      const location = cloud.locations[j % cloud.locations.length]
      const resourceId =
        cloud.provider === 'aws'
          ? `i-0${(0x3a5f19c2d7b4e80n + BigInt(j) * 0x9e3779b97f4an).toString(16).slice(-16)}`
          : cloud.provider === 'gcp'
            ? `projects/${parent.identifier}/zones/${location}/instances/${name}`
            : `/subscriptions/${parent.identifier}/resourceGroups/rg-${parent.name}/providers/Microsoft.Compute/virtualMachines/${name}`
      rows.push({
        resource_id: resourceId,
        state: cloud.states[j % cloud.states.length],
        provider_type: cloud.provider,
        identifier: parent.identifier,
        name,
        location,
        resource_type: cloud.types[j % cloud.types.length],
        business_units_id: BUSINESS_UNIT_NAMES[parent.business_unit_name],
        default_cost_center_id: BUSINESS_UNIT_COST_CENTERS[parent.business_unit_name],
      })
    }
  }
  return rows
}

// lookups by label: business unit name, cost center identifier
export const virtualMachinesSeed: ModelSeed = { model: 'virtual_machines', rows: demoVirtualMachines() }
