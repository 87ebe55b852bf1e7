import { Classes } from '@blueprintjs/core'
import { atom, useAtomValue } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { useLayoutEffect } from 'react'

/** What the person chose; 'system' follows the operating system's setting (prefers-color-scheme). */
export type ThemeChoice = 'light' | 'dark' | 'system'

const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system']
const DARK_QUERY = '(prefers-color-scheme: dark)'

// read on init: the first paint is already in the remembered theme, with no light flash
const storedChoiceAtom = atomWithStorage<ThemeChoice>('ccoe.theme', 'system', undefined, { getOnInit: true })

/** The explicit choice, or 'system'; a stored value that is not a choice counts as 'system'. */
export const themeChoiceAtom = atom(
  (get) => {
    const choice = get(storedChoiceAtom)
    return THEME_CHOICES.includes(choice) ? choice : 'system'
  },
  (_get, set, choice: ThemeChoice) => set(storedChoiceAtom, choice),
)

// the system's setting, kept current while the theme follows it (a change at dusk turns the page dark)
const systemDarkAtom = atom(window.matchMedia(DARK_QUERY).matches)
systemDarkAtom.onMount = (setDark) => {
  const query = window.matchMedia(DARK_QUERY)
  setDark(query.matches)
  const onChange = (event: MediaQueryListEvent) => setDark(event.matches)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** true when the page is dark: the explicit choice, else the system's. */
export const darkModeAtom = atom((get) => {
  const choice = get(themeChoiceAtom)
  return choice === 'system' ? get(systemDarkAtom) : choice === 'dark'
})

/** Puts Blueprint's dark class on <body>, so portals (menus, dialogs, toasts) turn dark too. */
export function useThemeSync(): void {
  const dark = useAtomValue(darkModeAtom)
  useLayoutEffect(() => {
    document.body.classList.toggle(Classes.DARK, dark)
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
  }, [dark])
}
