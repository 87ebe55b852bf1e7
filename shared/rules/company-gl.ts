/**
 * Spec 001 §5: typing a company code fills its GL accounts. The Reno companies book cloud spend on
 * the 7840xx accounts, every other company on the 5201xx ones. Pure, so the web form, the server's
 * seed and the tests all use the same rule.
 */
export const RENO_COMPANY_CODES = ['1000', '3100', '3500', '5200', '3800', '3750'] as const

export interface CompanyGl {
  aws_gl: string
  gcp_gl: string
  azure_gl: string
  riOrReno: 'RI' | 'Reno'
}

export function companyGlDefaults(code: string): CompanyGl {
  return (RENO_COMPANY_CODES as readonly string[]).includes(code.trim())
    ? { aws_gl: '784031', gcp_gl: '784033', azure_gl: '784032', riOrReno: 'Reno' }
    : { aws_gl: '520084', gcp_gl: '520110', azure_gl: '520109', riOrReno: 'RI' }
}
