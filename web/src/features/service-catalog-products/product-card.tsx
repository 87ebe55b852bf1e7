import { Button, Card, Elevation, H4 } from '@blueprintjs/core'
import type { Row } from '../../lib/resource-api.js'
import { RichTextView } from '../../components/rich-text/index.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'

/** One product as a card (spec 001 §2): its name, its id (identifier) and its description. */
export function ProductCard({ product, onUpdate }: { product: Row; onUpdate: (product: Row) => void }) {
  const name = String(product.name ?? '')
  const headingId = `product-${product.id}-name`
  return (
    <Card elevation={Elevation.ONE} className="product-card" role="article" aria-labelledby={headingId}>
      <H4 id={headingId} className="product-card__name">
        {name}
      </H4>
      <p className="product-card__id">
        <span className="product-card__label">ID</span> <code>{String(product.identifier ?? '')}</code>
      </p>
      {typeof product.description === 'string' && product.description !== '' && (
        <RichTextView html={product.description} className="product-card__description" />
      )}
      <div className="product-card__actions">
        <Permitted need={need.call('serviceCatalogProducts', 'updateProduct')}>
          <Button icon="refresh" text="Update" aria-label={`Update ${name}`} onClick={() => onUpdate(product)} />
        </Permitted>
      </div>
    </Card>
  )
}
