import type { ModelSeed } from './types.js'

/** Rich text as the portal's editor writes it (and the upstream's allowlist keeps): p, b, i, ul, a. */
export const faqsSeed: ModelSeed = {
  model: 'faqs',
  rows: [
    {
      question: 'How do I request a new cloud account?',
      answer:
        '<p>Open <b>Requests</b> in the menu and choose your cloud provider. You need:</p><ul><li>an active cost center</li><li>an owner who is a cloud contact</li></ul><p>The CCoE answers within <i>two working days</i>.</p>',
      category: 'Accounts',
    },
    {
      question: 'Who pays for my cloud usage?',
      answer:
        '<p>Every bill line is charged to the <b>cost center</b> (or WBS) of the account. Ask your controller if you are unsure which one applies.</p>',
      category: 'Billing',
    },
    {
      question: 'How do I get a GitHub Copilot licence?',
      answer:
        "<p>Ask your organization admin to add you to a Copilot-enabled GitHub organization app. Licences are charged monthly to the app's cost center.</p>",
      category: 'GitHub',
    },
    {
      question: 'Where can I learn about our cloud guidelines?',
      answer:
        '<p>Read the <a href="https://learn.microsoft.com/azure/cloud-adoption-framework/">Cloud Adoption Framework</a> first, then the <i>CCoE landing zone guide</i> on the intranet.</p>',
      category: 'Governance',
    },
    {
      question: 'Which certifications does the CCoE recommend?',
      answer:
        '<p>Start with a foundational certificate of your main cloud:</p><ol><li>AWS Certified Cloud Practitioner</li><li>Microsoft Azure Fundamentals (AZ-900)</li><li>Google Cloud Digital Leader</li></ol>',
      category: 'Training',
    },
  ],
}
