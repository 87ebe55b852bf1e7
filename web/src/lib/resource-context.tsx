/**
 * The model a screen shows, given once where the route names it (app/router.tsx) instead of passed
 * down through every page, table, form and button of that screen. A page that shows another
 * model's list inside its own (the billing jobs, the membership tickets) gives that model the same way.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { ResourceDef } from '../../../shared/resources/index.js'

const ResourceContext = createContext<ResourceDef | undefined>(undefined)

export function ResourceProvider({ resource, children }: { resource: ResourceDef; children: ReactNode }) {
  return <ResourceContext.Provider value={resource}>{children}</ResourceContext.Provider>
}

/** The model of the screen this component is part of. */
export function useResource(): ResourceDef {
  const resource = useContext(ResourceContext)
  if (!resource) throw new Error('useResource: no ResourceProvider above this component')
  return resource
}
