import type { ModelSeed } from './types.js'

export const glossariesSeed: ModelSeed = {
  model: 'glossaries',
  rows: [
    {
      term: 'Cost center',
      description: '<p>The accounting unit a cloud bill is <b>charged to</b>. Projects may use a WBS element instead.</p>',
      category: 'Billing',
    },
    {
      term: 'Landing zone',
      description:
        '<p>A pre-configured, <i>secure</i> cloud environment with networking, identity and logging in place before any workload arrives.</p>',
      category: 'Architecture',
    },
    {
      term: 'FinOps',
      description:
        '<p>The practice of making teams accountable for their cloud spend:</p><ul><li>inform</li><li>optimise</li><li>operate</li></ul>',
      category: 'Billing',
    },
    {
      term: 'Reserved instance',
      description: '<p>A capacity commitment of <b>one or three years</b> in exchange for a lower hourly price.</p>',
      category: 'Billing',
    },
    {
      term: 'Cloud parent',
      description: '<p>The top-level container of a cloud: an AWS account, an Azure subscription or a GCP project.</p>',
      category: 'Architecture',
    },
  ],
}
