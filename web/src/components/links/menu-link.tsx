import { MenuItem, type IconName } from '@blueprintjs/core'
import type { MouseEvent } from 'react'
import { useLocation } from 'wouter'

export interface MenuLinkProps {
  text: string
  /** an in-app path from config/paths.ts */
  href: string
  icon?: IconName
  /** greyed out, leads nowhere (components/permitted) @default false */
  disabled?: boolean
  'aria-description'?: string
}

/** A Blueprint menu item that is a real link (middle-click works) but navigates client-side. */
export function MenuLink({ text, href, icon, disabled = false, ...aria }: MenuLinkProps) {
  const [location, navigate] = useLocation()
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(href)
  }
  return <MenuItem text={text} href={href} icon={icon} active={location === href} onClick={onClick} disabled={disabled} {...aria} />
}
