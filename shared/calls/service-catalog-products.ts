import type { CallDomain } from './types.js'

export const serviceCatalogProductCalls = {
  model: 'service_catalog_products',
  calls: {
    // spec 001 §7: the product cards' edit (the body of the model's create)
    updateProduct: {
      method: 'POST',
      role: 'editor',
      path: 'service_catalog_products/update-product/:id',
      summary: 'Update one product (identifier, name, description)',
    },
  },
} as const satisfies CallDomain
