/**
 * A person's columns and saved views of one list, kept by the upstream per signed-in person
 * (shared/calls/list-views.ts), so they follow the person to any browser. Until the first answer
 * arrives the list shows its default layout; a failed save says so in a toast and keeps what was shown.
 */
import type { Static } from '@sinclair/typebox'
import { useCallback } from 'react'
import useSWR from 'swr'
import type { CALLS } from '../../../../shared/calls/index.js'
import type { ListLayoutSettings, SavedView } from '../../../../shared/calls/list-views.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { toastFailure } from '../../lib/toaster.js'

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

  /** shown at once, then saved; a refusal puts back what the upstream holds */
  const saveLayout = useCallback(
    async (change: StoredLayout) => {
      await mutate(
        async (current) => {
          const saved = await apiRequest<{ data: StoredLayout }>('PUT', api.saveLayout.getHref(), { model, ...change })
          return withLayout(current, model, saved.data)
        },
        {
          optimisticData: (current) => withLayout(current, model, { ...current?.data.layout, ...change }),
          revalidate: false,
          rollbackOnError: true,
        },
      ).catch((err: unknown) => toastFailure('The columns could not be saved', err))
    },
    [mutate, model],
  )

  const resetLayout = useCallback(async () => {
    await mutate(
      async (current) => {
        await apiRequest('DELETE', api.resetLayout.getHref({ model }))
        return withLayout(current, model, null)
      },
      {
        optimisticData: (current) => withLayout(current, model, null),
        revalidate: false,
        rollbackOnError: true,
      },
    ).catch((err: unknown) => toastFailure('The layout could not be reset', err))
  }, [mutate, model])

  /** a change of views: the list of them is read again after it */
  const changeViews = useCallback(
    async <T>(write: () => Promise<T>, failure: string): Promise<T | undefined> => {
      try {
        return await write()
      } catch (err) {
        void toastFailure(failure, err)
        return undefined
      } finally {
        await mutate()
      }
    },
    [mutate],
  )

  const createView = useCallback(
    (view: ViewFields) =>
      changeViews(
        async () => (await apiRequest<{ data: SavedView }>('POST', api.create.getHref(), { model, ...view })).data,
        'The view could not be saved',
      ),
    [changeViews, model],
  )
  const updateView = useCallback(
    (id: number, change: Partial<ViewFields>) =>
      changeViews(
        async () => (await apiRequest<{ data: SavedView }>('PUT', api.update.getHref({ id }), change)).data,
        'The view could not be changed',
      ),
    [changeViews],
  )
  const deleteView = useCallback(
    (id: number) => changeViews(() => apiRequest('DELETE', api.remove.getHref({ id })), 'The view could not be deleted'),
    [changeViews],
  )

  return { loaded: !!settings, loading: isLoading, layout, views, saveLayout, resetLayout, createView, updateView, deleteView }
}

export type ListSettings = ReturnType<typeof useListSettings>
