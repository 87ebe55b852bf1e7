/** Service catalog products: the cards with their Update, and the add form (assembled in app/resource-overrides.tsx). */
export { ProductCardsPage } from './product-cards-page.js'
export { ProductCreatePage } from './product-create-page.js'
