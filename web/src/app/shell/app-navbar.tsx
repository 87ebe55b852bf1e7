import { Alignment, Classes, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core'
import { Link } from 'wouter'
import { paths } from '../../config/paths.js'
import { useAccess } from '../../lib/access.js'
import { useReturnTo, useSession } from '../../lib/session.js'
import { CommandPaletteButton } from '../../components/command-palette/index.js'
import { LogoMark } from '../../components/logo-mark.js'
import { menuScreens, permittedMenus, topMenus } from './menu-items.js'
import { NavbarDrawer } from './navbar-drawer.js'
import { ThemeMenu } from './theme-menu.js'
import { TopMenu } from './top-menu.js'
import './app-navbar.css'

/**
 * Spec 000 §2 "Menu": the full menu when logged in, Login only when logged out. A narrow window
 * (app-navbar.css: .app-navbar__wide / __narrow) gets one Menu button that opens everything in a drawer.
 * The role's screens only (menu-items.ts permittedMenus).
 */
export function AppNavbar() {
  const { state, user } = useSession()
  const access = useAccess()
  const returnTo = useReturnTo()
  const home = state === 'in' ? paths.auth.home.getHref() : paths.unauth.home.getHref()
  // what the role cannot open is not offered (none of it to someone without a role)
  const menus = state === 'in' ? permittedMenus(topMenus(), access) : []
  return (
    <Navbar className={`${Classes.DARK} app-navbar`} fixedToTop role="navigation" aria-label="Main">
      <NavbarGroup align={Alignment.START} className="app-navbar__start">
        <NavbarHeading className="app-navbar__heading">
          <Link href={home} className="app-brand">
            <LogoMark size={22} />
            <span>CCoE Portal</span>
          </Link>
        </NavbarHeading>
        {menus.length > 0 && (
          <div className="app-navbar__wide app-navbar__menus">
            <NavbarDivider />
            {menus.map((m) => (
              <TopMenu key={m.text} menu={m} />
            ))}
          </div>
        )}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        {/* issue 29 item 6: the command palette, for whoever has a role (Ctrl/Cmd+K too) */}
        {state === 'in' && access.role !== null && <CommandPaletteButton screens={menuScreens(menus)} />}
        {state === 'in' && (
          <div className="app-navbar__wide app-navbar__session">
            <span className="app-navbar-user" title={user?.email}>
              {user?.name || user?.email}
            </span>
            <NavbarDivider />
            <ThemeMenu />
            <Link href={paths.unauth.logout.getHref()} className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
              <span className={Classes.BUTTON_TEXT}>Log Out</span>
            </Link>
          </div>
        )}
        {state === 'in' && <NavbarDrawer className="app-navbar__narrow" menus={menus} user={user} />}
        {state === 'out' && (
          <>
            <ThemeMenu />
            {/* a full-page navigation: sign-in happens in the gateway and the identity provider */}
            <a href={paths.oidc.login.getHref(returnTo)} className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
              <span className={Classes.BUTTON_TEXT}>Login</span>
            </a>
          </>
        )}
      </NavbarGroup>
    </Navbar>
  )
}
