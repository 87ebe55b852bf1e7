/**
 * A person's columns and saved views of one list, kept by the upstream per signed-in person
 * (shared/calls/list-views.ts), so they follow the person to any browser. Until the first answer
 * arrives the list shows its default layout. Every write is a declared call (useDeclaredCall: its toasts); a layout shows at once and a refused one is put back.
 */
import { useCallback } from 'react'
import useSWR from 'swr'
import type { CallAnswer } from '../../../../shared/calls/index.js'
import type { ListLayoutSettings, SavedView } from '../../../../shared/calls/list-views.js'
import type { ResourceDef, ResourceKey } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'
import { useDeclaredCall } from '../../lib/use-call.js'

type ListSettingsAnswer = CallAnswer<'listViews', 'list'>
export type StoredLayout = Omit<ListLayoutSettings, 'model'>
export type ViewFields = Omit<SavedView, 'id' | 'model'>

const api = paths.api.listViews

/** the answer with another layout (before the first answer: no views yet) */
const withLayout = (answer: ListSettingsAnswer | undefined, model: ResourceKey, layout: StoredLayout | null): ListSettingsAnswer => ({
  data: { model, views: [], ...answer?.data, layout },
})

export function useListSettings(resource: ResourceDef) {
  // a registry model's key, which ResourceDef types as any string
  const model = resource.key as ResourceKey
  const key = api.list.getHref({ model })
  const { data, mutate, isLoading } = useSWR<ListSettingsAnswer>(key, { revalidateOnFocus: false })
  const settings = data?.data
  const layout: StoredLayout = settings?.layout ?? {}
  const views: readonly SavedView[] = settings?.views ?? []

  // the layout is shown at once, then saved: a refusal (its toast) puts back what the upstream holds
  const { trigger: putLayout } = useDeclaredCall('listViews', 'saveLayout', { failureText: 'The columns could not be saved' })
  const { trigger: deleteLayout } = useDeclaredCall('listViews', 'resetLayout', { failureText: 'The layout could not be reset' })
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
        async () => (await putLayout({ body: { model, ...change } }))?.data,
      ),
    [optimistically, putLayout, model],
  )
  const resetLayout = useCallback(
    () =>
      optimistically(
        () => null,
        async () => ((await deleteLayout({ query: { model } })) === undefined ? undefined : null),
      ),
    [optimistically, deleteLayout, model],
  )

  // a change of views reads the list of them again, after a failure too (another tab may have changed it)
  const viewWrites = { revalidate: (k: unknown) => k === key, onError: () => void mutate() }
  const create = useDeclaredCall('listViews', 'create', { failureText: 'The view could not be saved', ...viewWrites }).trigger
  const update = useDeclaredCall('listViews', 'update', { failureText: 'The view could not be changed', ...viewWrites }).trigger
  const remove = useDeclaredCall('listViews', 'remove', { failureText: 'The view could not be deleted', ...viewWrites }).trigger
  const createView = useCallback(async (view: ViewFields) => (await create({ body: { model, ...view } }))?.data, [create, model])
  const updateView = useCallback(
    async (id: number, change: Partial<ViewFields>) => (await update({ params: { id }, body: change }))?.data,
    [update],
  )
  const deleteView = useCallback((id: number) => remove({ params: { id } }), [remove])

  return { loaded: !!settings, loading: isLoading, layout, views, saveLayout, resetLayout, createView, updateView, deleteView }
}

export type ListSettings = ReturnType<typeof useListSettings>
