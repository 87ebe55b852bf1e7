import { Button, Menu, MenuItem, Popover, type IconName } from '@blueprintjs/core'
import { useAtom } from 'jotai'
import { themeChoiceAtom, type ThemeChoice } from '../theme.js'

const CHOICES: readonly { choice: ThemeChoice; text: string; icon: IconName }[] = [
  { choice: 'light', text: 'Light', icon: 'flash' },
  { choice: 'dark', text: 'Dark', icon: 'moon' },
  { choice: 'system', text: 'Match system', icon: 'desktop' },
]

/** The theme's choices as menu items with the current one checked (the navbar's button and the collapsed menu). */
export function ThemeMenuItems() {
  const [current, choose] = useAtom(themeChoiceAtom)
  return (
    <>
      {CHOICES.map(({ choice, text, icon }) => (
        <MenuItem
          key={choice}
          text={text}
          icon={icon}
          roleStructure="listoption"
          selected={current === choice}
          onClick={() => choose(choice)}
        />
      ))}
    </>
  )
}

/** The navbar's theme button: light, dark, or the system's setting (the default). */
export function ThemeMenu() {
  const [current] = useAtom(themeChoiceAtom)
  const icon = CHOICES.find((c) => c.choice === current)?.icon ?? 'desktop'
  return (
    <Popover
      content={
        <Menu role="listbox" aria-label="Theme">
          <ThemeMenuItems />
        </Menu>
      }
      placement="bottom-end"
      minimal
    >
      <Button variant="minimal" icon={icon} aria-label="Theme" title="Theme" />
    </Popover>
  )
}
