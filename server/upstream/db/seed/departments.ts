import type { ModelSeed } from './types.js'

export const departmentsSeed: ModelSeed = {
  model: 'departments',
  rows: [
    { name: 'Cloud Engineering', abbreviation: 'CLENG' },
    { name: 'Cloud Operations', abbreviation: 'CLOPS' },
    { name: 'Cloud Financial Management', abbreviation: 'FINOPS' },
    { name: 'Information Security', abbreviation: 'INFOSEC' },
    { name: 'Enterprise Architecture', abbreviation: 'EA' },
    { name: 'Network Services', abbreviation: 'NET' },
    { name: 'Data & Analytics', abbreviation: 'DNA' },
    { name: 'Application Development', abbreviation: 'APPDEV' },
    { name: 'IT Service Management', abbreviation: 'ITSM' },
    { name: 'Finance', abbreviation: 'FIN' },
    { name: 'Human Resources', abbreviation: 'HR' },
    { name: 'Legal & Compliance', abbreviation: 'LEGAL' },
    { name: 'Procurement', abbreviation: 'PROC' },
  ],
}
