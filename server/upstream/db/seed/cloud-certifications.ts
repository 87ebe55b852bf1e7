import type { ModelSeed } from './types.js'

// member_id names the member (the seeder resolves it); business_unit follows from the member
export const cloudCertificationsSeed: ModelSeed = {
  model: 'cloud_certifications',
  rows: [
    {
      member_id: 'Alice Martin',
      name: 'AWS Certified Solutions Architect - Professional',
      provider: 'aws',
      issue_date: '2025-03-14',
      expiration_date: '2028-03-14',
    },
    {
      member_id: 'Alice Martin',
      name: 'Google Cloud Professional Cloud Architect',
      provider: 'gcp',
      issue_date: '2024-11-02',
      expiration_date: '2026-11-02',
    },
    {
      member_id: 'Bruno Rossi',
      name: 'Microsoft Certified: Azure Administrator Associate',
      provider: 'azure',
      issue_date: '2025-06-20',
      expiration_date: '2026-06-20',
    },
    {
      member_id: 'Chloe Nguyen',
      name: 'AWS Certified Security - Specialty',
      provider: 'aws',
      issue_date: '2023-09-08',
      expiration_date: '2026-09-08',
    },
    {
      member_id: 'Farid Haddad',
      name: 'Microsoft Certified: Azure Solutions Architect Expert',
      provider: 'azure',
      issue_date: '2024-02-27',
      expiration_date: '2026-02-27',
    },
    {
      member_id: 'Farid Haddad',
      name: 'Google Cloud Associate Cloud Engineer',
      provider: 'gcp',
      issue_date: '2025-08-11',
      expiration_date: '2028-08-11',
    },
  ],
}
