import { companyGlDefaults } from '../../../../shared/rules/company-gl.js'
import type { FormValues } from '../../components/resource-form/index.js'

/** Companies: typing the code fills the GL accounts and RI/Reno (spec 001 §5); the rest is generic. */
export function deriveCompanyGl(name: string, values: FormValues): FormValues {
  return name === 'code' ? { ...values, ...companyGlDefaults(String(values.code ?? '')) } : values
}
