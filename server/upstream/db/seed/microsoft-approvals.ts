import type { ModelSeed } from './types.js'

export const microsoftApprovalsSeed: ModelSeed = {
  model: 'microsoft_approvals',
  rows: [
    {
      status: 'Pending',
      approval_id: '7f3c2a10-5b1e-4d8a-9c61-2e0b4f7a9d01',
      approval_type: 'Basic',
      title: 'New Azure subscription for the Analytics sandbox',
      assigned_to: 'alice.martin@example.com, bruno.rossi@example.com',
      requested_by: 'farid.haddad@example.com',
      created_at: '2026-10-02T09:15:00.000Z',
      updated_at: '2026-10-02T09:15:00.000Z',
    },
    {
      status: 'Approved',
      approval_id: '1a9e4c77-0d2b-4f36-8e15-6b3d2c8f4e22',
      approval_type: 'Everyone must approve',
      title: 'Raise the GCP project quota for Data Platform',
      assigned_to: 'alice.martin@example.com',
      requested_by: 'grace.lindqvist@example.com',
      created_at: '2026-09-21T14:02:00.000Z',
      updated_at: '2026-09-23T08:40:00.000Z',
    },
    {
      status: 'Rejected',
      approval_id: 'c4d2b8e9-7a13-4e50-b2f4-91a6e3d7c533',
      approval_type: 'First to respond',
      title: 'Public IP on the legacy billing VM',
      assigned_to: 'bruno.rossi@example.com, ivan.petrov@example.com',
      requested_by: 'ivan.petrov@example.com',
      created_at: '2026-08-30T11:20:00.000Z',
      updated_at: '2026-09-01T16:05:00.000Z',
    },
  ],
}
