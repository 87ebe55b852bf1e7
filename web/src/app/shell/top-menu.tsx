import { Button, Menu, MenuDivider, Popover } from '@blueprintjs/core'
import { MenuLink } from '../../components/links/index.js'
import type { TopMenuDef } from './menu-items.js'

/** A top menu's links, with its section titles as dividers (the popover here, the drawer when narrow). */
export function TopMenuLinks({ menu }: { menu: TopMenuDef }) {
  return (
    <>
      {menu.sections.map((section, i) => [
        section.title ? <MenuDivider key={`d${i}`} title={section.title} /> : i > 0 ? <MenuDivider key={`d${i}`} /> : null,
        ...section.links.map((l) => <MenuLink key={l.href} text={l.text} href={l.href} />),
      ])}
    </>
  )
}

export function TopMenu({ menu }: { menu: TopMenuDef }) {
  const content = (
    <Menu aria-label={menu.text}>
      <TopMenuLinks menu={menu} />
    </Menu>
  )
  return (
    <Popover content={content} placement="bottom-start" minimal>
      <Button variant="minimal" icon={menu.icon} endIcon="caret-down" text={menu.text} />
    </Popover>
  )
}
