import { Classes, Icon, Intent, type IconName } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { Link } from 'wouter'

export interface LinkButtonProps {
  /** an in-app path from config/paths.ts */
  href: string
  children: ReactNode
  icon?: IconName
  intent?: Intent
  /** @default false */
  minimal?: boolean
}

/** A client-side link that looks like a Blueprint button (its role stays "link"). */
export function LinkButton({ href, children, icon, intent, minimal = false }: LinkButtonProps) {
  const className = [Classes.BUTTON, intent ? Classes.intentClass(intent) : undefined, minimal ? Classes.MINIMAL : undefined]
    .filter(Boolean)
    .join(' ')
  return (
    <Link href={href} className={className}>
      {icon && <Icon icon={icon} />}
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </Link>
  )
}
