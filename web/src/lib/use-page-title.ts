import { useEffect } from 'react'

/** Keeps the document title in step with the page heading (screen readers announce it). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · CCoE Portal`
  }, [title])
}
