import { Button, KeyComboTag } from '@blueprintjs/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { PaletteScreen } from './command-palette.js'

// the palette (Blueprint's Omnibar, the record search and its cells) in its own chunk, asked for as
// the button appears: only someone signed in loads it, not the welcome page. A Ctrl/Cmd+K or a click
// before it has come opens it as it arrives
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette.js')).CommandPalette }))

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
      <Suspense fallback={null}>
        <CommandPalette isOpen={isOpen} screens={screens} onClose={() => setOpen(false)} returnFocusTo={opener} />
      </Suspense>
    </>
  )
}
