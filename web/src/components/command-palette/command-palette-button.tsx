import { Button, KeyComboTag } from '@blueprintjs/core'
import { useEffect, useState } from 'react'
import { CommandPalette, type PaletteScreen } from './command-palette.js'

/** Ctrl+K, or Cmd+K on a Mac: as in most web apps with a palette (and Blueprint's `mod+k`). */
const isPaletteKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'

const focused = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null)

export interface CommandPaletteButtonProps {
  screens: readonly PaletteScreen[]
}

/** The navbar's Search button, and Ctrl/Cmd+K anywhere: both open the command palette. */
export function CommandPaletteButton({ screens }: CommandPaletteButtonProps) {
  const [isOpen, setOpen] = useState(false)
  // what had the focus when it opened, to give it back (kept after closing: the focus returns once the palette is gone)
  const [opener, setOpener] = useState<HTMLElement | null>(null)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return
      // the browser's own Ctrl+K (its address bar search) is not what was meant here
      event.preventDefault()
      setOpener(focused())
      setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <>
      <Button
        variant="minimal"
        icon="search"
        text="Search"
        endIcon={<KeyComboTag combo="mod+k" minimal />}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setOpener(focused())
          setOpen(true)
        }}
      />
      <CommandPalette isOpen={isOpen} screens={screens} onClose={() => setOpen(false)} returnFocusTo={opener} />
    </>
  )
}
