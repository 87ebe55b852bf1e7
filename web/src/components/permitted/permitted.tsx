import { Tooltip } from '@blueprintjs/core'
import { cloneElement, type ReactElement } from 'react'
import { useAccess, type Needs } from '../../lib/access.js'

export interface PermittedProps {
  /** what the control does; any one of several is enough; undefined: the control asks nothing of the role */
  need: Needs | undefined
  /** one control that takes `disabled`: a Button, a Switch, a MenuItem, a LinkButton */
  children: ReactElement<{ disabled?: boolean; 'aria-description'?: string }>
  /** a menu item: the tooltip's target takes the full width, and the tooltip opens beside it, not over the items above @default false */
  fill?: boolean
  /**
   * why the control cannot be used right now, whatever the role (another row is open): disabled, with
   * this as its tooltip; the role's reason comes first. undefined: it can be used
   */
  unavailable?: string
}

/**
 * A control of a page that the signed-in role may not use: shown, disabled, with a tooltip saying
 * which role it needs ("Needs the admin role; you are an editor"), so a person sees what exists and
 * whom to ask. The one mechanism for every control in a page (buttons, row menu items, toggles,
 * uploads, reports), and the same for a control that waits for something else (`unavailable`: a
 * row's Edit while another row is open); only the navigation menus leave out the screens a role cannot open
 * (app/shell/menu-items.ts), and a direct URL to one shows the Not allowed page.
 */
export function Permitted({ need, children, fill = false, unavailable }: PermittedProps) {
  const access = useAccess()
  const why = (need && access.why(need)) || unavailable
  if (!why) return children
  // the reason is the control's description too, for whoever does not hover
  const disabled = cloneElement(children, { disabled: true, 'aria-description': why })
  return (
    <Tooltip content={why} placement={fill ? 'left' : 'top'} fill={fill}>
      {disabled}
    </Tooltip>
  )
}
