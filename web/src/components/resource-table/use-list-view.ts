import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { SavedView } from '../../../../shared/calls/list-views.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { ListSettings } from './list-settings.js'
import { COLUMNS_PARAM, shownColumns } from './preferences.js'

/** The URL parameter naming the person's view the list shows (their views menu marks it). */
const VIEW_PARAM = 'view'

/** The list's query as a view keeps it: sort, page size and the model's filters, as the URL has them. */
function listQueryOf(resource: ResourceDef, params: URLSearchParams): Record<string, string> {
  const names = ['sort', 'per_page', ...resource.filters.map((f) => f.param)]
  return Object.fromEntries(names.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])))
}

/** A view as a query string: its filters and sort, its columns, and (for its owner) its id. */
export function viewSearch(view: Pick<SavedView, 'query' | 'columns'> & { id?: number }): string {
  const params = new URLSearchParams(view.query)
  params.set(COLUMNS_PARAM, view.columns.join(','))
  if (view.id !== undefined) params.set(VIEW_PARAM, String(view.id))
  return params.toString()
}

/**
 * What a list shows beyond its page (the columns) and the person's views of it: the URL says which
 * (so a link shows the same list to anyone), the person's stored layout fills what it leaves out,
 * and a list opened bare opens with the person's default view.
 */
export function useListView(resource: ResourceDef, settings: ListSettings) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const linked = params.get(COLUMNS_PARAM)
  const columns = useMemo(() => shownColumns(resource, linked, settings.layout.columns), [resource, linked, settings.layout.columns])
  const current = settings.views.find((v) => String(v.id) === params.get(VIEW_PARAM))
  const go = useCallback((qs: string) => navigate(qs ? `${location}?${qs}` : location, { replace: true }), [navigate, location])

  // the default view opens a bare list, once: after Reset the list stays as shipped
  const opened = useRef(false)
  const defaultView = settings.views.find((v) => v.is_default)
  useEffect(() => {
    if (!settings.loaded || opened.current) return
    opened.current = true
    if (defaultView && search === '') go(viewSearch(defaultView))
  }, [settings.loaded, defaultView, search, go])

  const setColumns = useCallback(
    (names: readonly string[]) => {
      // a link's columns change with the list, so it still shows what the person sees
      if (linked !== null) {
        const next = new URLSearchParams(search)
        next.set(COLUMNS_PARAM, names.join(','))
        go(next.toString())
      }
      void settings.saveLayout({ columns: [...names] })
    },
    [linked, search, go, settings],
  )

  const reset = useCallback(() => {
    opened.current = true
    const next = new URLSearchParams(search)
    next.delete(COLUMNS_PARAM)
    next.delete(VIEW_PARAM)
    go(next.toString())
    void settings.resetLayout()
  }, [search, go, settings])

  /** what the list shows now, as a view keeps it */
  const shown = useMemo(() => ({ query: listQueryOf(resource, params), columns }), [resource, params, columns])

  return {
    columns,
    setColumns,
    reset,
    current,
    shown,
    apply: (view: SavedView) => go(viewSearch(view)),
    /** the link to this list as shown: its filters, sort and columns, for anyone to open */
    shareHref: `${window.location.origin}${window.location.pathname}?${viewSearch(shown)}`,
    /** after a delete: the list stays as it is, naming no view */
    leave: () => {
      const next = new URLSearchParams(search)
      next.delete(VIEW_PARAM)
      go(next.toString())
    },
    /** after a save: the URL names the view it shows */
    showing: (view: SavedView) => go(viewSearch(view)),
  }
}

export type ListViewState = ReturnType<typeof useListView>
