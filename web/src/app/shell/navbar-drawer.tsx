import { Button, Classes, Drawer, DrawerSize, Menu, MenuDivider, Position } from '@blueprintjs/core'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { MenuLink } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import type { SessionUser } from '../../lib/session.js'
import type { TopMenuDef } from './menu-items.js'
import { ThemeMenuItems } from './theme-menu.js'
import { TopMenuLinks } from './top-menu.js'
import './navbar-drawer.css'

export interface NavbarDrawerProps {
  menus: readonly TopMenuDef[]
  user: SessionUser | undefined
  /** shows the button only where the navbar is narrow (app-navbar.css) */
  className?: string
}

/**
 * The navbar of a narrow window: one Menu button opens every menu, the theme and Log Out in a
 * drawer (a focus-trapping overlay: Tab walks the links, Escape closes it). Choosing a link closes it.
 */
export function NavbarDrawer({ menus, user, className }: NavbarDrawerProps) {
  const [location] = useLocation()
  // open on the page it was opened on: a link chosen inside navigates, and that closes it
  const [openOn, setOpenOn] = useState<string>()
  const open = openOn === location
  return (
    <div className={className}>
      <Button variant="minimal" icon="menu" text="Menu" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpenOn(location)} />
      <Drawer
        isOpen={open}
        onClose={() => setOpenOn(undefined)}
        // closed by Escape: focus goes back to Menu. Closed by a link: the new page keeps it, else the
        // Enter that chose the link lifts (keyup) on the Menu button, which clicks it and reopens the drawer
        shouldReturnFocusOnClose={openOn === undefined}
        position={Position.LEFT}
        size={DrawerSize.SMALL}
        title="Menu"
        icon="menu"
        className="navbar-drawer"
      >
        {/* Blueprint's Drawer gives its panel no role: name the content for assistive technology */}
        <div className={`${Classes.DRAWER_BODY} navbar-drawer__body`} role="dialog" aria-modal aria-label="Menu">
          {user && (
            <p className={`${Classes.TEXT_MUTED} navbar-drawer__user`} title={user.email}>
              {user.name || user.email}
            </p>
          )}
          {menus.map((m) => (
            <Menu key={m.text} aria-label={m.text} className="navbar-drawer__menu">
              <MenuDivider title={m.text} />
              <TopMenuLinks menu={m} />
            </Menu>
          ))}
          <Menu role="listbox" aria-label="Theme" className="navbar-drawer__menu">
            <MenuDivider title="Theme" />
            <ThemeMenuItems />
          </Menu>
          <Menu aria-label="Session" className="navbar-drawer__menu">
            <MenuDivider />
            <MenuLink text="Log Out" icon="log-out" href={paths.unauth.logout.getHref()} />
          </Menu>
        </div>
      </Drawer>
    </div>
  )
}
