/**
 * The headless part of a list's bulk actions (issue 29, shared/calls/bulk.ts): which rows are
 * selected (some of this page's, or every row matching the filters, counted by the server), the
 * deferred delete with Undo (react-admin's undoable mode: the rows are hidden at once and the
 * request goes when the Undo window ends, or when the page is left), and the set-one-field write.
 * Both writes go through the one write path (useCall), but for a delete sent as the page goes away
 * (nobody is left to tell how it went).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { MAX_PAGE_SIZE } from '../../../shared/constants.js'
import type { BulkAction, BulkAnswer, BulkBody } from '../../../shared/calls/bulk.js'
import { filterParams } from '../../../shared/filter-params.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { paths } from '../config/paths.js'
import { apiRequest, type ApiError } from '../lib/api-client.js'
import type { ListQuery } from '../lib/list-query.js'
import { resourceCacheKeys, type Row } from '../lib/resource-api.js'
import { showToast, toastErrorWithAction } from '../lib/toaster.js'
import { useCall } from '../lib/use-call.js'
import { RELOAD_CHANGED_RECORD } from '../lib/write-controllers.js'
import { countText, staleText, UNDO_MS } from './bulk-texts.js'
import { rowLabel } from './row-label.js'

/** Some rows of the page (at the versions the list answered), or every row matching the filters. */
export type Selection = { kind: 'rows'; ids: ReadonlySet<number> } | { kind: 'matching'; count: number }

const NONE: Selection = { kind: 'rows', ids: new Set() }

export function useBulkActions(
  resource: ResourceDef,
  query: ListQuery,
  rows: readonly Row[],
  versions: Record<string, string> | undefined,
) {
  // rows deleted but still undoable: hidden from the list until the delete is sent or undone
  // how many rows the request in flight changes (its progress text)
  const [busyCount, setBusyCount] = useState(0)
  // how many of them are done: a filter's rows go a page per request (its progress bar's value)
  const [busyDone, setBusyDone] = useState(0)
  // (a number: every row matching the filters, this many of them)
  const [hidden, setHidden] = useState<ReadonlySet<number> | number>(new Set())
  const filters = useMemo(() => filterParams(query.filters), [query.filters])
  const urls = useMemo(() => paths.api.model(resource), [resource])
  // another page, sort or filter is another list: a selection belongs to the list it was made on
  const listKey = JSON.stringify(query)
  const [chosen, setChosen] = useState<{ list: string; selection: Selection }>({ list: listKey, selection: NONE })
  const selection = chosen.list === listKey ? chosen.selection : NONE
  const setSelection = useCallback(
    (next: Selection | ((current: Selection) => Selection)) =>
      setChosen((c) => ({ list: listKey, selection: typeof next === 'function' ? next(c.list === listKey ? c.selection : NONE) : next })),
    [listKey],
  )

  const selectedCount = selection.kind === 'rows' ? selection.ids.size : selection.count
  const bodyOf = useCallback(
    (picked: Selection): BulkBody =>
      picked.kind === 'rows'
        ? { ids: [...picked.ids].map((id) => ({ id, version: versions?.[id] ?? '' })) }
        : { filter: filters, count: picked.count },
    [versions, filters],
  )
  const send = useCallback(
    (action: BulkAction, body: BulkBody, init?: { keepalive: boolean }) =>
      apiRequest<BulkAnswer>('POST', urls.bulk(action), body, {}, init),
    [urls],
  )
  /**
   * Every page of a selection (shared/calls/bulk.ts: a filter's rows a page per request, each all or
   * nothing), as one answer. A page refused after others went says how many did: those stay changed.
   */
  const sendAll = useCallback(
    async (action: BulkAction, body: BulkBody): Promise<BulkAnswer> => {
      setBusyDone(0)
      let answer = await send(action, body)
      let done = answer.data.count
      while (answer.data.next !== undefined) {
        setBusyDone(done)
        try {
          answer = await send(action, { ...body, count: (body.count ?? 0) - done, after: answer.data.next })
        } catch (err) {
          const apiError = err as ApiError
          apiError.message = `${countText(resource, done)} ${action === 'delete' ? 'deleted' : 'updated'}, then the rest refused: ${apiError.message}`
          throw apiError
        }
        done += answer.data.count
      }
      return { data: { count: done } }
    },
    [send, resource],
  )
  const cached = useMemo(() => resourceCacheKeys(resource), [resource])
  const { mutate } = useSWRConfig()

  /**
   * A batch refused because the list changed since it was read (409): the stale rows named by their
   * labels (the answer's fields name them by id), or the server's text for a filter's count, and
   * Reload. A filter's selection goes with the reload: its count is the old one.
   */
  const showsConflict = useCallback(
    (err: ApiError, body: BulkBody) => {
      const stale = Object.keys(err.info?.fields ?? {}).map(Number)
      if (err.status !== 409 || (stale.length === 0 && !body.filter)) return false
      const byId = new Map(rows.map((r) => [r.id, r]))
      const labels = stale.map((id) => (byId.has(id) ? rowLabel(resource, byId.get(id)!) : `#${id}`))
      const reload = () => {
        if (body.filter) setSelection(NONE)
        void mutate(cached)
      }
      void toastErrorWithAction(stale.length ? staleText(labels) : err.message, { text: RELOAD_CHANGED_RECORD, onClick: reload })
      return true
    },
    [rows, resource, setSelection, mutate, cached],
  )

  const remove = useCall<BulkBody, BulkAnswer>(urls.bulk('delete'), (body) => sendAll('delete', body), {
    successText: (answer) => `${countText(resource, answer.data.count)} deleted`,
    showsFailure: showsConflict,
    revalidate: cached,
    onError: () => setHidden(new Set()),
    onSuccess: () => setHidden(new Set()),
  })
  const update = useCall<BulkBody, BulkAnswer>(urls.bulk('update'), (body) => sendAll('update', body), {
    successText: (answer) => `${countText(resource, answer.data.count)} updated`,
    showsFailure: showsConflict,
    revalidate: cached,
    onSuccess: () => setSelection(NONE),
  })

  // the delete waiting for its Undo window; sent at once when the list goes away (another screen)
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; fire: () => void; body: BulkBody } | undefined>(undefined)
  const triggerDelete = remove.trigger
  useEffect(
    () => () => {
      const waiting = pending.current
      if (!waiting) return
      clearTimeout(waiting.timer)
      waiting.fire()
    },
    [],
  )
  // and when the page goes away (the tab closed, a reload, another site), which unmounts nothing: as
  // a keepalive request, which the browser sends on after the page is gone (a same-origin fetch, so
  // the gateway's CSRF check passes it as any other write)
  useEffect(() => {
    const leave = () => {
      const waiting = pending.current
      if (!waiting) return
      clearTimeout(waiting.timer)
      pending.current = undefined
      // one request is all a page that goes away can send: a filter's rows past one page stay (all
      // or nothing, as the person sees it: the delete is not done, rather than done in part)
      if (waiting.body.filter && (waiting.body.count ?? 0) > MAX_PAGE_SIZE) return
      void send('delete', waiting.body, { keepalive: true }).catch(() => undefined)
    }
    window.addEventListener('pagehide', leave)
    return () => window.removeEventListener('pagehide', leave)
  }, [send])

  /** Hides the selection, offers Undo for UNDO_MS, then sends the delete. */
  const deleteSelected = useCallback(() => {
    const taken = selection
    const body = bodyOf(taken)
    const count = taken.kind === 'rows' ? taken.ids.size : taken.count
    setHidden(taken.kind === 'rows' ? new Set(taken.ids) : count)
    setSelection(NONE)
    const fire = () => {
      pending.current = undefined
      setBusyCount(count)
      void triggerDelete(body)
    }
    const timer = setTimeout(fire, UNDO_MS)
    pending.current = { timer, fire, body }
    void showToast({
      message: `Deleting ${countText(resource, count)}…`,
      icon: 'trash',
      timeout: UNDO_MS,
      action: {
        text: 'Undo',
        icon: 'undo',
        onClick: () => {
          clearTimeout(timer)
          pending.current = undefined
          setHidden(new Set())
          setSelection(taken)
        },
      },
    })
  }, [selection, setSelection, bodyOf, triggerDelete, resource])

  /** The exact count of every row matching the filters (the list's total may be an estimate). */
  const selectAllMatching = useCallback(async () => {
    const answer = await apiRequest<BulkAnswer>('POST', urls.bulk('delete'), { filter: filters, dry_run: true })
    setSelection({ kind: 'matching', count: answer.data.count })
  }, [urls, filters, setSelection])

  const toggle = useCallback(
    (id: number, on: boolean) =>
      setSelection((s) => {
        const ids = new Set(s.kind === 'rows' ? s.ids : [])
        if (on) ids.add(id)
        else ids.delete(id)
        return { kind: 'rows', ids }
      }),
    [setSelection],
  )
  const visible = typeof hidden === 'number' ? [] : rows.filter((r) => !hidden.has(r.id))
  const pageState =
    selection.kind === 'matching'
      ? 'all'
      : visible.length > 0 && visible.every((r) => selection.ids.has(r.id))
        ? 'all'
        : visible.some((r) => selection.ids.has(r.id))
          ? 'some'
          : 'none'
  return {
    selection,
    selectedCount,
    visible,
    /** how many rows of the list are hidden while their delete can be undone (the pager counts without them) */
    hiddenCount: typeof hidden === 'number' ? hidden : rows.length - visible.length,
    rowSelection: {
      isSelected: (id: number) => selection.kind === 'matching' || selection.ids.has(id),
      onToggle: toggle,
      page: pageState as 'all' | 'some' | 'none',
      onTogglePage: (on: boolean) => setSelection(on ? { kind: 'rows', ids: new Set(visible.map((r) => r.id)) } : NONE),
    },
    clear: () => setSelection(NONE),
    selectAllMatching,
    deleteSelected,
    setField: (values: Record<string, unknown>) => {
      setBusyCount(selectedCount)
      return update.trigger({ ...bodyOf(selection), set: values })
    },
    busyCount,
    busyDone,
    busy: remove.isMutating || update.isMutating,
    busyText: remove.isMutating ? 'Deleting' : 'Updating',
    update,
  }
}

export type BulkActions = ReturnType<typeof useBulkActions>
