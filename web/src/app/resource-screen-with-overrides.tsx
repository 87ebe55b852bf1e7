import ResourceScreen, { type ResourceScreenProps } from '../resources/resource-screen.js'
import { resourceOverrides } from './resource-overrides.js'

/**
 * The generic registry screens with the model's overrides: the router's lazy chunk for
 * /auth/{action}/{model}. The overrides are read here rather than in the router so that what they
 * import (the cost centers' form extension, the companies' GL defaults, …) loads with the resource
 * screens, not with the welcome page's first load.
 */
export default function ResourceScreenWithOverrides(props: Omit<ResourceScreenProps, 'ext'>) {
  return <ResourceScreen {...props} ext={resourceOverrides(props.resource.key)} />
}
