import { useEffect } from 'react'
import { holdHistory } from '../../lib/history-hold.js'

export const LEAVE_QUESTION = 'Your unsaved rows will be lost. Leave this page?'

/** A plain left click on a link that leaves this page (not a download, not a new tab). */
function followedLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return
  // the page's own links (pager, sort, filters) change only the query: the rows stay
  const url = new URL(link.href, location.href)
  return url.origin === location.origin && url.pathname === location.pathname ? undefined : link
}

/**
 * While `active`, leaving the page asks first: a browser unload (reload, closing the tab, typing an
 * address) gets the browser's own beforeunload question; a click on any link (the menus, the brand,
 * Log Out) and the browser's Back or Forward within the app get a confirm(). The confirm is
 * synchronous on purpose: the click goes on untouched when the person agrees, whether the link is a
 * client-side route or a page of the server.
 *
 * Back and Forward are held by lib/history-hold (it has to listen before the router does).
 */
export function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return
    let leaving = false
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving) return
      event.preventDefault()
      // older Chromium asks only when returnValue is set
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      if (leaving || !followedLink(event)) return
      if (window.confirm(LEAVE_QUESTION)) leaving = true
      else {
        // before React's own listeners (capture, on the document): the link never sees the click
        event.preventDefault()
        event.stopPropagation()
      }
    }
    const releaseHistory = holdHistory(() => {
      leaving = window.confirm(LEAVE_QUESTION)
      return leaving
    })
    window.addEventListener('beforeunload', onBeforeUnload)
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('click', onClick, true)
      releaseHistory()
    }
  }, [active])
}
