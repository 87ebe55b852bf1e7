import { navigate, useLocationProperty } from 'wouter/use-browser-location'

/**
 * Holds the browser's Back and Forward while a page has unsaved work, the way react-router's blocker
 * does: the popstate is caught before the router sees it, the move is undone with history.go(-delta)
 * (the delta from the Navigation API's entry index), and only then is the person asked; on Yes the
 * move is made again and the router follows it.
 *
 * The listener must be the window's first popstate listener: wouter re-renders synchronously in its
 * own, so a listener added later (even in the capture phase, in Chromium) runs after the page has
 * gone. Hence `installHistoryHold()` in the entry, before the router renders, and `holdHistory()`
 * from the page. While a move is being undone the address is briefly the other page's, and any
 * render in that moment would read it: the router reads its location through `useHeldLocation` and
 * `useHeldSearch`, which answer the held page's until the undo has arrived. (Cancelling the Navigation API's navigate event instead needs a recent user gesture
 * and races the browser's commit of the traversal.) A browser without entry indexes just goes.
 */

/** The part of the Navigation API used here (TypeScript's DOM library does not declare it yet). */
interface NavigationLike {
  currentEntry: { index: number } | null
}

interface Hold {
  index: number
  pathname: string
  search: string
  /** asks the person; true lets the move go on */
  mayLeave: () => boolean
}

let hold: Hold | undefined
let undoneMove = 0
/** the page the router keeps showing while a move is undone */
let shown: Pick<Hold, 'pathname' | 'search'> | undefined

const currentIndex = () => (window as { navigation?: NavigationLike }).navigation?.currentEntry?.index

function onPopState(event: PopStateEvent) {
  const index = currentIndex()
  if (!hold || index === undefined) return
  event.stopImmediatePropagation()
  const delta = index - hold.index
  if (delta !== 0) {
    undoneMove = delta
    shown = hold
    history.go(-delta)
    return
  }
  // back on the page: ask about the move just undone
  shown = undefined
  const move = undoneMove
  undoneMove = 0
  if (move !== 0 && hold.mayLeave()) {
    hold = undefined
    history.go(move)
  }
}

export function installHistoryHold() {
  window.addEventListener('popstate', onPopState)
}

/** Holds Back and Forward on the current history entry until the returned release is called. */
export function holdHistory(mayLeave: () => boolean): () => void {
  const index = currentIndex()
  if (index === undefined) return () => {}
  const mine: Hold = { index, mayLeave, pathname: location.pathname, search: location.search }
  hold = mine
  return () => {
    if (hold === mine) hold = undefined
  }
}

/** wouter's browser location, but the held page's while a move is undone (see above) */
export const useHeldLocation = (): [string, typeof navigate] => [useLocationProperty(() => shown?.pathname ?? location.pathname), navigate]

export const useHeldSearch = () => useLocationProperty(() => shown?.search ?? location.search)
