import { Type } from '@sinclair/typebox'
import { SpendAnswerSchema, SpendQuerySchema } from '../schemas/bills-dashboard.js'
import { MonthlySpendAnswerSchema, MonthlySpendCsvQuerySchema, MonthlySpendQuerySchema } from '../schemas/monthly-spend.js'
import { SpendAnomaliesAnswerSchema, SpendAnomaliesQuerySchema } from '../schemas/spend-anomalies.js'
import { DRY_RUN_DESCRIPTION, ReportAnswerSchema, UploadQuerySchema } from './answers.js'
import type { CallDomain } from './types.js'

/** A day, or an instant whose day counts (the web sends the window's first and last second) */
const DAY = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])([T ].*)?$', maxLength: 40 })
const EMAIL = Type.String({ format: 'email', maxLength: 254 })
const strict = { additionalProperties: false } as const

export const cloudBillCalls = {
  model: 'cloud_bills',
  calls: {
    // spec 001 §7: POST /cloud_bills/upload with {cloud_bill:{data: file as base64 data URL}}
    upload: {
      method: 'POST',
      role: 'editor',
      path: 'cloud_bills/upload',
      summary: 'Load a bills workbook or CSV (a base64 data URL in data)',
      description: DRY_RUN_DESCRIPTION,
      query: UploadQuerySchema,
      upload: {
        target: 'cloud_bills',
        bodyKey: 'cloud_bill',
        fileKey: 'data',
        encoding: 'dataUrl',
        extensions: ['.xlsx', '.csv'],
        extensionMessage: 'The bills file must be an .xlsx workbook or a .csv file',
      },
    },
    // spec 001 §7: the history's Export Data dialog (one identifier, or everything, in a date window)
    sendSingle: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cloud_bill', 'email'] },
      path: 'cloud_bills/send_single',
      summary: 'Email the bills of one identifier in a date window',
      body: Type.Object(
        {
          cloud_bill: Type.Object(
            { identifier: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }), start_date: DAY, end_date: DAY, email: EMAIL },
            strict,
          ),
        },
        strict,
      ),
      answer: ReportAnswerSchema,
    },
    sendAll: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cloud_bill', 'email'], orCaller: true },
      path: 'cloud_bills/send_all',
      summary: 'Email the bills of a date window',
      description:
        "Mails the cloud bills dated from start_date to end_date (both days count) as CSV to the caller's own address, " +
        "the verified one they signed in with, or to `email` when the body names one. A script's (client credentials) own " +
        'address is its registered contact (OIDC_SCRIPT_CONTACTS); a script without one must name `email`, else 400 naming ' +
        '`email`, and nothing is sent.',
      // spec 001 §7 sends the window only: the export goes to the caller's own address, unless one is
      // named (mail/recipient.ts); a script has none, so it names one
      body: Type.Object({ cloud_bill: Type.Object({ start_date: DAY, end_date: DAY, email: Type.Optional(EMAIL) }, strict) }, strict),
      answer: ReportAnswerSchema,
    },
    // spec 001 §2: the billing dashboard's spend per cost center, summed by the upstream
    spend: {
      method: 'GET',
      role: 'viewer',
      path: 'cloud_bills/spend',
      summary: 'Spend per cost center and currency for one identifier (key), or all, between startDate and endDate',
      description:
        'Sums the bills dated from startDate to endDate (both days count) per cost center and currency, and totals each currency: ' +
        'amounts of different currencies are never added together.',
      query: SpendQuerySchema,
      answer: SpendAnswerSchema,
    },
    // issue 42 item 1: the Spend screen, read from the aggregate the database keeps (migration 055)
    monthlySpend: {
      method: 'GET',
      role: 'viewer',
      path: 'cloud_bills/monthly_spend',
      summary: 'Monthly spend per cost center, business unit, provider and currency over 12 months',
      description:
        'The 12 months ending with `month` (yyyy-MM, default: this month), one row per cost center, business unit, provider ' +
        'and currency, with the last month against the one before (change, and change_percent: null when the month before is 0 ' +
        'or absent). Filters: business_unit (id), provider, owner (the cost center owner email), identifier. `meta.totals` ' +
        'holds one total per currency: amounts of different currencies are never added together.',
      query: MonthlySpendQuerySchema,
      answer: MonthlySpendAnswerSchema,
    },
    monthlySpendCsv: {
      method: 'GET',
      role: 'viewer',
      path: 'cloud_bills/monthly_spend/csv',
      summary: 'The monthly spend table as CSV (text/csv), every row of the same filters',
      description: 'Takes the query of GET cloud_bills/monthly_spend without paging and answers a CSV file (not JSON), sorted alike.',
      query: MonthlySpendCsvQuerySchema,
    },
    // issue 42 item 2: the months whose spend stands out, read from monthly_spend (migration 055)
    spendAnomalies: {
      method: 'GET',
      role: 'viewer',
      path: 'cloud_bills/spend_anomalies',
      summary: 'Spend anomalies: cost center months whose spend stands out from their last 6 months, and what grew',
      description:
        "A cost center's month, per currency (all providers and business units together, credits lowering it), is an anomaly " +
        'when its spend is at least ANOMALY_FACTOR (default 1.5) times the median of the 6 months before it (those since its ' +
        'first bill in the currency; a month without bills after that counts 0), and at least ANOMALY_FLOOR (default 1000, ' +
        'in the currency) above it; only with at least 3 such months. The `months` months ending with `month` (yyyy-MM, default: this month; months default 1) are looked ' +
        'at, newest and largest increase first. Each names what grew: providers, GL accounts and bill lines against their ' +
        'own median over the same months, with their share of the increases of their kind; and its acknowledgement (POST ' +
        'spend_anomaly_acknowledgements), with who wrote its note last and when.',
      query: SpendAnomaliesQuerySchema,
      answer: SpendAnomaliesAnswerSchema,
    },
    // spec 000 §2, §7: the Home card 'AWS Zipped Bill'
    zippedAwsBill: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cloud_bill', 'send_to'] },
      path: 'cloud_bills/send_zipped_aws_bill',
      summary: 'Email the zipped AWS bill',
      body: Type.Object(
        {
          // spec 000 §7 sends email: false beside the address; nothing else is offered
          cloud_bill: Type.Object({ email: Type.Optional(Type.Boolean()), send_to: EMAIL }, strict),
        },
        strict,
      ),
      answer: ReportAnswerSchema,
    },
  },
} as const satisfies CallDomain
