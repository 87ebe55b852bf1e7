import { Menu, MenuDivider, MenuItem, Spinner, type IconName } from '@blueprintjs/core'
import { Omnibar, type ItemListRenderer, type ItemRenderer } from '@blueprintjs/select'
import '@blueprintjs/select/lib/css/blueprint-select.css'
import { Fragment, useState } from 'react'
import { useLocation } from 'wouter'
import { SEARCH_PER_MODEL } from '../../../../shared/calls/search.js'
import { paths } from '../../config/paths.js'
import { need, useAccess } from '../../lib/access.js'
import { recordDetail } from './record-detail.js'
import { useRecordSearch } from './use-record-search.js'

/** A screen the palette jumps to: one of the menu's links (the role's own). */
export interface PaletteScreen {
  text: string
  href: string
  /** the menu it is in, shown beside it */
  menu: string
}

interface PaletteItem {
  key: string
  /** the group it is listed under: 'Screens', or the model's label */
  group: string
  text: string
  detail: string
  href: string
  icon: IconName
}

export interface CommandPaletteProps {
  isOpen: boolean
  screens: readonly PaletteScreen[]
  onClose: () => void
  /** what had the focus before it opened: it gets it back when the palette closes without a choice */
  returnFocusTo?: HTMLElement | null
}

const SCREENS = 'Screens'

const screenItems = (screens: readonly PaletteScreen[], text: string): PaletteItem[] => {
  const wanted = text.trim().toLowerCase()
  const matching = screens.filter((s) => s.text.toLowerCase().includes(wanted))
  // once something is typed, a few screens as a model has a few records: the records stay in sight
  return (wanted ? matching.slice(0, SEARCH_PER_MODEL) : matching).map((s) => ({
    key: `screen:${s.href}`,
    group: SCREENS,
    text: s.text,
    detail: s.menu,
    href: s.href,
    icon: 'application',
  }))
}

const renderItem: ItemRenderer<PaletteItem> = (item, { handleClick, handleFocus, modifiers, ref }) => (
  <MenuItem
    key={item.key}
    ref={ref}
    icon={item.icon}
    text={item.text}
    label={item.detail}
    active={modifiers.active}
    onClick={handleClick}
    onFocus={handleFocus}
  />
)

/**
 * The command palette (issue 29 item 6), Blueprint's Omnibar: what is typed picks among the role's
 * screens (by their name) and the records the server finds (GET /api/search), grouped by model.
 * Arrows move, Enter opens the screen or the record's page, Escape closes.
 */
export function CommandPalette({ isOpen, screens, onClose, returnFocusTo }: CommandPaletteProps) {
  const [query, setQuery] = useState('')
  const [, navigate] = useLocation()
  const access = useAccess()
  const search = useRecordSearch(query, isOpen && access.can(need.call('search', 'records')))
  const items = [
    ...screenItems(screens, query),
    ...search.groups.flatMap((group) =>
      group.records.map((record): PaletteItem => ({
        key: `${group.model}:${record.id}`,
        group: group.label,
        text: record.title ?? `#${record.id}`,
        detail: recordDetail(group.model, record.values),
        href: paths.auth.resource.getHref('view', group.model, record.id),
        icon: 'document',
      })),
    ),
  ]
  // closed by a choice, the page it opens keeps the focus: else the Enter's keyup would click the
  // navbar button that opened the palette, and open it again; closed by Escape, focus goes back. The
  // Overlay's own return cannot do it: the input's autoFocus has the focus before the Overlay notes it
  const [chosen, setChosen] = useState(false)
  const close = () => {
    setQuery('')
    onClose()
  }

  const renderList: ItemListRenderer<PaletteItem> = ({ filteredItems, itemsParentRef, menuProps, renderItem: render }) => {
    const status = search.isLoading ? (
      <MenuItem disabled icon={<Spinner size={16} />} text="Searching…" />
    ) : search.error ? (
      <MenuItem disabled icon="error" text={`The search failed: ${search.error.message}`} />
    ) : filteredItems.length === 0 ? (
      <MenuItem disabled text="No results." />
    ) : null
    return (
      // a menu of commands, as the Omnibar makes it (its items are menu items, not a selection)
      <Menu {...menuProps} ulRef={itemsParentRef} aria-label="Results">
        {filteredItems.map((item, index) => (
          <Fragment key={item.key}>
            {(index === 0 || filteredItems[index - 1].group !== item.group) && <MenuDivider title={item.group} />}
            {render(item, index)}
          </Fragment>
        ))}
        {status}
      </Menu>
    )
  }

  return (
    <Omnibar<PaletteItem>
      isOpen={isOpen}
      items={items}
      itemsEqual="key"
      // the screens are matched above and the records by the server: nothing more to filter
      itemListPredicate={(_query, all) => all}
      itemRenderer={renderItem}
      itemListRenderer={renderList}
      query={query}
      onQueryChange={setQuery}
      onItemSelect={(item) => {
        setChosen(true)
        close()
        navigate(item.href)
      }}
      onClose={close}
      inputProps={{
        'aria-label': 'Search screens and records',
        placeholder: 'Jump to a screen, or find a record by id, identifier, email or name…',
      }}
      overlayProps={{
        shouldReturnFocusOnClose: false,
        onOpening: () => setChosen(false),
        onClosed: () => void (!chosen && returnFocusTo?.focus()),
        className: 'command-palette',
      }}
    />
  )
}
