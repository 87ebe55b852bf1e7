import {
  Alignment,
  Button,
  Classes,
  Menu,
  MenuDivider,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Popover,
} from '@blueprintjs/core'
import { Link } from 'wouter'
import { MenuLink } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { useReturnTo, useSession } from '../../lib/session.js'
import { LogoMark } from '../../components/logo-mark.js'
import { topMenus, type TopMenuDef } from './menu-items.js'

function TopMenu({ menu }: { menu: TopMenuDef }) {
  const content = (
    <Menu aria-label={menu.text}>
      {menu.sections.map((section, i) => [
        section.title ? (
          <MenuDivider key={`d${i}`} title={section.title} />
        ) : i > 0 ? (
          <MenuDivider key={`d${i}`} />
        ) : null,
        ...section.links.map((l) => <MenuLink key={l.href} text={l.text} href={l.href} />),
      ])}
    </Menu>
  )
  return (
    <Popover content={content} placement="bottom-start" minimal>
      <Button variant="minimal" icon={menu.icon} endIcon="caret-down" text={menu.text} />
    </Popover>
  )
}

/** Spec 000 §2 "Menu": the full menu when logged in, Login only when logged out. */
export function AppNavbar() {
  const { state, user } = useSession()
  const returnTo = useReturnTo()
  const home = state === 'in' ? paths.auth.home.getHref() : paths.unauth.home.getHref()
  return (
    <Navbar className={`${Classes.DARK} app-navbar`} fixedToTop>
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading className="app-navbar__heading">
          <Link href={home} className="app-brand">
            <LogoMark size={22} />
            <span>CCoE Portal</span>
          </Link>
        </NavbarHeading>
        {state === 'in' && <NavbarDivider />}
        {state === 'in' && topMenus().map((m) => <TopMenu key={m.text} menu={m} />)}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        {state === 'in' && (
          <>
            <span className="app-navbar-user" title={user?.email}>
              {user?.name || user?.email}
            </span>
            <NavbarDivider />
            <Link href={paths.unauth.logout.getHref()} className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
              <span className={Classes.BUTTON_TEXT}>Log Out</span>
            </Link>
          </>
        )}
        {state === 'out' && (
          // a full-page navigation: sign-in happens in the gateway and the identity provider
          <a href={paths.oidc.login.getHref(returnTo)} className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
            <span className={Classes.BUTTON_TEXT}>Login</span>
          </a>
        )}
      </NavbarGroup>
    </Navbar>
  )
}
