import { AnchorButton, Classes, Icon, Intent, type IconName } from '@blueprintjs/core'
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
  /** leads nowhere, greyed out (the role may not open the screen: components/permitted) @default false */
  disabled?: boolean
  /** the link's name, where its text alone repeats on the page ('Open' on each card: 'Open Departments Table') */
  'aria-label'?: string
  'aria-description'?: string
}

/** A client-side link that looks like a Blueprint button (its role stays "link"; a disabled one is a disabled button). */
export function LinkButton({ href, children, icon, intent, minimal = false, disabled = false, ...aria }: LinkButtonProps) {
  // a disabled link is no link: Blueprint's anchor button without href, aria-disabled, which still
  // takes the hover that shows why
  if (disabled)
    return <AnchorButton disabled icon={icon} intent={intent} variant={minimal ? 'minimal' : undefined} text={children} {...aria} />
  const className = [Classes.BUTTON, intent ? Classes.intentClass(intent) : undefined, minimal ? Classes.MINIMAL : undefined]
    .filter(Boolean)
    .join(' ')
  return (
    <Link href={href} className={className} aria-label={aria['aria-label']}>
      {icon && <Icon icon={icon} />}
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </Link>
  )
}
