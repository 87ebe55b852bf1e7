/**
 * Cloud parents, virtual machines and cloud projects (spec 001 §2, issue 8 item 3): read-only lists
 * with text filters and CSV, through the gateway against the real upstream and its demo data, whose
 * spread (clouds, business units, the environments spec 000 §9 groups) later screens count.
 */
import t from 'tap'
import { startPortal } from '../../../helper.js'
import { signedInApi } from '../../../lib/sign-in.js'

t.test('cloud inventory: demo spread, filters, CSV, no writes', async (t) => {
  const portal = await startPortal(t, { seed: true })
  const api = await signedInApi(portal.baseUrl)
  const total = async (query: string) => (await api('GET', `cloud_parents?per_page=1&${query}`)).json().meta.total
  /** every row of a list (at most 1000), without its generated id */
  const all = async (path: string) => {
    const answer = (await api('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=1000`)).json()
    t.equal(answer.meta.total, answer.data.length, `${path}: one page holds them all`)
    return answer.data.map(({ id, ...row }: { id: number }) => (t.type(id, 'number'), row))
  }
  const countBy = (rows: Record<string, unknown>[], field: string) =>
    rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [String(row[field])]: (counts[String(row[field])] ?? 0) + 1 }), {})

  t.test('several hundred cloud parents over the three clouds and the six business units', async (t) => {
    t.equal(await total(''), 360)
    t.same(
      {
        AwsCloudParent: await total('by_provider_type=AwsCloudParent'),
        AzureCloudParent: await total('by_provider_type=AzureCloudParent'),
        GcpCloudParent: await total('by_provider_type=GcpCloudParent'),
      },
      { AwsCloudParent: 150, AzureCloudParent: 120, GcpCloudParent: 90 },
    )
    const units: Record<string, number> = {}
    for (const unit of ['CCOE', 'CORP', 'GAM', 'LOT', 'BET', 'CIO']) units[unit] = await total(`by_business_unit_name=${unit}`)
    t.same(units, { CCOE: 29, CORP: 60, GAM: 91, LOT: 91, BET: 60, CIO: 29 })
    t.equal(await total('by_provider_type=GcpCloudParent&by_business_unit_name=CCOE'), 7, 'every cloud has every business unit')
    t.equal(await total('by_provider_type=All'), 360, "'All' is no filter")
  })

  t.test('each cloud has the environments spec 000 §9 groups on the posture page', async (t) => {
    const environments = async (provider: string) => countBy(await all(`cloud_parents?by_provider_type=${provider}`), 'environment')
    t.same(await environments('AwsCloudParent'), {
      production: 51,
      development: 25,
      test: 25,
      sandbox: 13,
      root: 12,
      Security: 12,
      'shared-services': 12,
    })
    t.same(await environments('GcpCloudParent'), { production: 26, development: 18, test: 16, sites: 11, env: 11, staging: 8 })
    t.same(await environments('AzureCloudParent'), {
      production: 20,
      development: 20,
      online: 10,
      github: 10,
      igt: 10,
      landingzones: 10,
      platform: 10,
      test: 10,
      decommissioned: 10,
      none: 10,
    })
    const terminated = (await all('cloud_parents')).filter((p: { terminated: boolean }) => p.terminated)
    t.equal(terminated.length, 43, 'the terminated owner’s cloud parents')
    t.same(Object.keys(countBy(terminated, 'cloud_contact_email')), ['emma.schultz@example.com'])
  })

  t.test('a text filter is a substring in any case', async (t) => {
    const landing = await all('cloud_parents?by_environment=LANDINGZ')
    t.equal(landing.length, 10)
    t.same(countBy(landing, 'environment'), { landingzones: 10 })
    t.same(countBy(landing, 'provider_type'), { AzureCloudParent: 10 })
    t.strictSame(await all('cloud_parents?by_identifier=211753000'), [
      {
        provider_type: 'AwsCloudParent',
        identifier: '402117530000',
        name: 'gam-payments-production',
        email: 'aws+gam-payments-production-0@example.com',
        cloud_contact_email: 'alice.martin@example.com',
        business_unit_name: 'GAM',
        department: 'Cloud Engineering',
        environment: 'production',
        cost_center: '3100-GAM-07',
        terminated: false,
        billing_contact: 'finops@example.com',
        security_contact: 'security@example.com',
        operations_contact: 'ops-gam@example.com',
      },
    ])
    t.same(await all('cloud_parents?by_identifier=no-such-parent'), [])
  })

  t.test('the CSV of a filtered list, cell for cell', async (t) => {
    const csv = await api('GET', 'csv/cloud_parents?by_identifier=402117530000')
    t.equal(csv.status, 200)
    t.match(csv.headers.get('content-disposition'), /^attachment; filename="cloud_parents_\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\.csv"$/)
    t.equal(
      csv.text,
      'terminated,cloud,identifier,name,email,owner,business_unit,department,environment,cost_center,billing_contact,security_contact,operations_contact\r\n' +
        'false,AwsCloudParent,402117530000,gam-payments-production,aws+gam-payments-production-0@example.com,alice.martin@example.com,GAM,' +
        'Cloud Engineering,production,3100-GAM-07,finops@example.com,security@example.com,ops-gam@example.com\r\n',
    )
  })

  t.test('virtual machines: a dozen per cloud, in demo cloud parents, with business unit and cost center names', async (t) => {
    const machines = await all('virtual_machines')
    t.equal(machines.length, 36)
    t.same(countBy(machines, 'provider_type'), { aws: 12, gcp: 12, azure: 12 })
    const parents = new Set((await all('cloud_parents')).map((p: { identifier: string }) => p.identifier))
    t.ok(
      machines.every((m: { identifier: string }) => parents.has(m.identifier)),
      'each machine is in a cloud parent',
    )
    // the lookups name demo rows: the business unit Gaming and its cost center
    const [gaming] = (await api('GET', 'business_units?by_name=Gaming')).json().data
    const [gamingCostCenter] = (await api('GET', 'cost_centers?by_identifier=3100-GAM-07')).json().data
    t.strictSame([gaming.name, gamingCostCenter.identifier], ['Gaming', '3100-GAM-07'])
    t.strictSame(await all('virtual_machines?by_name=PAYMENTS-PRODUCTION-app&by_provider_type=azure'), [
      {
        resource_id:
          '/subscriptions/9e3779b1-ef89-4e5d-89e3-006a96380000/resourceGroups/rg-gam-payments-production/providers/Microsoft.Compute/virtualMachines/gam-payments-production-app-01',
        state: 'VM running',
        provider_type: 'azure',
        identifier: '9e3779b1-ef89-4e5d-89e3-006a96380000',
        name: 'gam-payments-production-app-01',
        location: 'eastus',
        resource_type: 'Standard_D4s_v5',
        business_units_id: gaming.id,
        business_unit_name: 'Gaming',
        default_cost_center_id: gamingCostCenter.id,
        cost_center: '3100-GAM-07',
      },
    ])
    t.same(countBy(await all('virtual_machines?by_state=vm run'), 'state'), { 'VM running': 8 })
  })

  t.test('cloud projects: one default project per IT org', async (t) => {
    const projects = await all('cloud_projects')
    t.equal(projects.length, 28)
    const defaults = projects.filter((p: { default_project: boolean }) => p.default_project)
    t.equal(defaults.length, new Set(projects.map((p: { it_org_owner: string }) => p.it_org_owner)).size)
    t.same(
      (await all('cloud_projects?by_it_org_owner=centre OF')).map((p: { name: string; default_project: boolean }) => [
        p.name,
        p.default_project,
      ]),
      [
        ['Cost Reporting Pipeline', false],
        ['GitHub Runners', false],
        ['Landing Zone Foundation', true],
        ['Sandbox Accounts', false],
      ],
      'sorted by name',
    )
  })

  t.test('read-only: no write reaches the upstream', async (t) => {
    for (const path of ['cloud_parents', 'virtual_machines', 'cloud_projects']) {
      const before = (await api('GET', `${path}?per_page=1`)).json()
      const id = before.data[0].id
      t.equal((await api('POST', path, { name: 'x' })).status, 404, `POST ${path}`)
      t.equal((await api('PUT', `${path}/${id}`, { name: 'x' })).status, 404, `PUT ${path}`)
      t.equal((await api('DELETE', `${path}/${id}`)).status, 404, `DELETE ${path}`)
      t.same((await api('GET', `${path}?per_page=1`)).json(), before, 'nothing changed')
    }
  })
})
