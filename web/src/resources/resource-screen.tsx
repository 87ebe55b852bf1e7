import type { ReactNode } from 'react'
import type { Action, ResourceDef } from '../../../shared/resources/index.js'
import { ResourceProvider, useResource } from '../lib/resource-context.js'
import type { ResourceExtensions } from './extensions.js'
import { ResourceCreatePage } from './resource-create-page.js'
import { ResourceCrudPage } from './resource-crud-page.js'
import { ResourceEditPage } from './resource-edit-page.js'
import { ResourceListPage } from './resource-list-page.js'
import { ResourceViewPage } from './resource-view-page.js'

export interface ResourceScreenProps {
  resource: ResourceDef
  /** already checked against the registry by the router (allowsRoute) */
  action: Action
  modelId?: string
  /** the model's additions (app/resource-overrides.tsx) */
  ext?: ResourceExtensions
  /** the app's not-found page, for a record the upstream does not have */
  notFound: ReactNode
}

export type { ResourceExtensions }

/**
 * The generic registry screens, one lazy chunk. A model with special behaviour brings extensions
 * (extra buttons, cells, whole screens) instead of copying these.
 */
export default function ResourceScreen({ resource, action, modelId, ext = {}, notFound }: ResourceScreenProps) {
  return (
    <ResourceProvider resource={resource}>
      <ScreenOf action={action} modelId={modelId} ext={ext} notFound={notFound} />
    </ResourceProvider>
  )
}

function ScreenOf({ action, modelId, ext, notFound }: Omit<Required<ResourceScreenProps>, 'resource' | 'modelId'> & { modelId?: string }) {
  const { key } = useResource()
  // one record, read-only: the same page for every model (a model's own view screen is its list)
  if (action === 'view' && modelId)
    return <ResourceViewPage key={`${key}/${modelId}`} modelId={modelId} notFound={notFound} panel={ext.recordPanel} />
  const Screen = ext.screens?.[action]
  if (Screen) return <Screen key={`${key}/${action}/${modelId ?? ''}`} modelId={modelId} notFound={notFound} />
  switch (action) {
    case 'view':
      return <ResourceListPage key={key} ext={ext} />
    case 'crud':
      return <ResourceCrudPage key={`${key}/${modelId ?? ''}`} modelId={modelId} ext={ext} notFound={notFound} />
    case 'create':
      return <ResourceCreatePage key={key} ext={ext} />
    case 'edit':
      return modelId ? <ResourceEditPage key={`${key}/${modelId}`} modelId={modelId} ext={ext} notFound={notFound} /> : null
  }
}
