import type { ModelSeed } from './types.js'

export const serviceCatalogProductsSeed: ModelSeed = {
  model: 'service_catalog_products',
  rows: [
    {
      name: 'Standard VPC',
      identifier: 'prod-vpc-standard-01',
      description: '<p>A <b>three-tier VPC</b> with private subnets in two availability zones, connected to the corporate network.</p>',
    },
    {
      name: 'Encrypted S3 bucket',
      identifier: 'prod-s3-encrypted-02',
      description: '<p>An S3 bucket with:</p><ul><li>KMS encryption</li><li>versioning</li><li>access logging</li></ul>',
    },
    {
      name: 'PostgreSQL database',
      identifier: 'prod-rds-postgres-03',
      description: '<p>A managed PostgreSQL instance with <i>automated backups</i> kept for 14 days.</p>',
    },
    {
      name: 'Kubernetes namespace',
      identifier: 'prod-eks-namespace-04',
      description:
        '<p>A namespace on the shared cluster with quotas and network policies. See the <a href="https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/">Kubernetes docs</a>.</p>',
    },
  ],
}
