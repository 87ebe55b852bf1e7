/**
 * A person's columns and saved views of one list, kept by the upstream per signed-in person
 * (shared/calls/list-views.ts), so they follow the person to any browser. Until the first answer
 * arrives the list shows its default layout. Every write is a useCall (its toasts); a layout shows at once and a refused one is put back.
 */
import type { Static } from '@sinclair/typebox'
import { useCallback } from 'react'
import useSWR from 'swr'
import type { CALLS } from '../../../../shared/calls/index.js'
import type { ListLayoutSettings, SavedView } from '../../../../shared/calls/list-views.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { useCall } from '../../lib/use-call.js'

type ListSettingsAnswer = Static<(typeof CALLS)['listViews']['calls']['list']['answer']>
export type StoredLayout = Omit<ListLayoutSettings, 'model'>
export type ViewFields = Omit<SavedView, 'id' | 'model'>

const api = paths.api.listViews

/** the answer with another layout (before the first answer: no views yet) */
const withLayout = (
  answer: ListSettingsAnswer | undefined,
  model: ResourceDef['key'],
  layout: StoredLayout | null,
): ListSettingsAnswer => ({
  data: { model: model as ListSettingsAnswer['data']['model'], views: [], ...answer?.data, layout },
})

export function useListSettings(resource: ResourceDef) {
  const model = resource.key
  const key = api.list.getHref({ model })
  const { data, mutate, isLoading } = useSWR<ListSettingsAnswer>(key, { revalidateOnFocus: false })
  const settings = data?.data
  const layout: StoredLayout = settings?.layout ?? {}
  const views: readonly SavedView[] = settings?.views ?? []

  // the layout is shown at once, then saved: a refusal (useCall's toast) puts back what the upstream holds
  const { trigger: putLayout } = useCall(
    'list-layouts.save',
    async (change: StoredLayout) => (await apiRequest<{ data: StoredLayout }>('PUT', api.saveLayout.getHref(), { model, ...change })).data,
    { failureText: 'The columns could not be saved' },
  )
  const { trigger: deleteLayout } = useCall('list-layouts.reset', () => apiRequest('DELETE', api.resetLayout.getHref({ model })), {
    failureText: 'The layout could not be reset',
  })
  const optimistically = useCallback(
    (shown: (current?: StoredLayout | null) => StoredLayout | null, write: () => Promise<StoredLayout | null | undefined>) =>
      mutate(
        async (current) => {
          const saved = await write()
          if (saved === undefined) throw new Error('refused')
          return withLayout(current, model, saved)
        },
        { optimisticData: (current) => withLayout(current, model, shown(current?.data.layout)), revalidate: false, rollbackOnError: true },
      ).catch(() => undefined),
    [mutate, model],
  )
  const saveLayout = useCallback(
    (change: StoredLayout) =>
      optimistically(
        (current) => ({ ...current, ...change }),
        () => putLayout(change),
      ),
    [optimistically, putLayout],
  )
  const resetLayout = useCallback(
    () =>
      optimistically(
        () => null,
        async () => ((await deleteLayout(undefined)) === undefined ? undefined : null),
      ),
    [optimistically, deleteLayout],
  )

  // a change of views reads the list of them again, after a failure too (another tab may have changed it)
  const viewWrites = { revalidate: (k: unknown) => k === key, onError: () => void mutate() }
  const { trigger: createView } = useCall(
    api.create.getHref(),
    async (view: ViewFields) => (await apiRequest<{ data: SavedView }>('POST', api.create.getHref(), { model, ...view })).data,
    { failureText: 'The view could not be saved', ...viewWrites },
  )
  const { trigger: update } = useCall(
    'list-views.update',
    async ({ id, change }: { id: number; change: Partial<ViewFields> }) =>
      (await apiRequest<{ data: SavedView }>('PUT', api.update.getHref({ id }), change)).data,
    { failureText: 'The view could not be changed', ...viewWrites },
  )
  const { trigger: deleteView } = useCall('list-views.remove', (id: number) => apiRequest('DELETE', api.remove.getHref({ id })), {
    failureText: 'The view could not be deleted',
    ...viewWrites,
  })
  const updateView = useCallback((id: number, change: Partial<ViewFields>) => update({ id, change }), [update])

  return { loaded: !!settings, loading: isLoading, layout, views, saveLayout, resetLayout, createView, updateView, deleteView }
}

export type ListSettings = ReturnType<typeof useListSettings>
