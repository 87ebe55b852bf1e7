import { Button, H1, Intent, NonIdealState, Spinner } from '@blueprintjs/core'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { LinkButton } from '../../components/links/index.js'
import { ListPager } from '../../components/resource-table/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { useResourceList, type Row } from '../../lib/resource-api.js'
import { useDeclaredCall } from '../../lib/use-call.js'
import { useListController } from '../../lib/use-list-controller.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { ProductCard } from './product-card.js'
import '../../components/resource-table/resource-table.css'
import './service-catalog-products.css'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'
import { useResource } from '../../lib/resource-context.js'

/**
 * /auth/view/service_catalog_products: the products as cards, paged like any list. A card's Update
 * asks first, then sends the card's identifier, name and description to update-product (spec 001
 * §2, §4, §7); no status is shown afterwards, only a failure's alert (§8).
 */
export function ProductCardsPage() {
  const resource = useResource()
  const { messages } = resource
  usePageTitle(messages.listTitle)
  const list = useListController(resource)
  const { data, error, isLoading, mutate } = useResourceList(resource, list.query)
  const [target, setTarget] = useState<Row | undefined>()
  const products = data?.data ?? []
  const update = useDeclaredCall('serviceCatalogProducts', 'updateProduct', {
    failureText: messages.updateFailed,
    onSuccess: () => void mutate(),
  })
  // the question closes whatever the answer: a failure says so in its toast
  const confirm = async () => {
    if (target) {
      const { id, identifier, name, description } = target
      await update.trigger({ params: { id }, body: { identifier, name, description } })
    }
    setTarget(undefined)
  }

  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">{messages.listTitle}</H1>
        <div className="page__actions">
          <Permitted need={need.model(resource, 'create')}>
            <LinkButton href={paths.auth.resource.getHref('create', resource.key)} icon="add" intent={Intent.PRIMARY}>
              {messages.addLabel}
            </LinkButton>
          </Permitted>
        </div>
      </header>
      {error && !data ? (
        <NonIdealState
          icon="error"
          title="The list could not be loaded"
          description={errorText(error)}
          action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
        />
      ) : isLoading && !data ? (
        <Spinner aria-label="Loading the products" />
      ) : (
        <>
          {products.length === 0 ? (
            <NonIdealState icon="inbox" title="No records yet" />
          ) : (
            <section className="product-cards" aria-label={messages.listTitle}>
              {products.map((p) => (
                <ProductCard key={p.id} product={p} onUpdate={setTarget} />
              ))}
            </section>
          )}
          <ListPager list={list} meta={data?.meta} />
        </>
      )}
      <ConfirmDialog
        isOpen={target !== undefined}
        question="Are you sure you want to update this product?"
        confirmText="Update"
        loading={update.isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(undefined)}
      >
        {target && <p>{String(target.name)}</p>}
      </ConfirmDialog>
    </div>
  )
}
