import type { ModelSeed } from './types.js'

// GL accounts follow spec 001 §5: the Reno codes book to 784031/784033/784032, the others to 520084/520110/520109
const reno = { aws_gl: '784031', gcp_gl: '784033', azure_gl: '784032', riOrReno: 'Reno' }
const ri = { aws_gl: '520084', gcp_gl: '520110', azure_gl: '520109', riOrReno: 'RI' }

export const companiesSeed: ModelSeed = {
  model: 'companies',
  rows: [
    { code: '1000', country: 'United States', gl_type: 'Cloud Services', ...reno },
    { code: '3100', country: 'United States', gl_type: 'Cloud Services', ...reno },
    { code: '3750', country: 'Canada', gl_type: 'Hardware', ...reno },
    { code: '2000', country: 'Italy', gl_type: 'Cloud Services', ...ri },
    { code: '4100', country: 'United Kingdom', gl_type: 'Cloud Services', ...ri },
    { code: '6200', country: 'Australia', gl_type: 'Other', ...ri },
  ],
}
