import { BlueprintProvider } from '@blueprintjs/core'
import { Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr'
import { paths } from '../config/paths.js'
import { ApiError, fetcher } from '../lib/api-client.js'

/** A 401 on any data call means the session ended: re-check it so the auth guard can react. */
function useSwrOptions(): SWRConfiguration {
  const { mutate } = useSWRConfig()
  return {
    fetcher,
    revalidateOnFocus: false,
    shouldRetryOnError: (err: unknown) => !(err instanceof ApiError && err.status < 500 && err.status > 0),
    onError: (err: unknown, key: string) => {
      if (err instanceof ApiError && err.status === 401 && key !== paths.api.session.getHref()) {
        void mutate(paths.api.session.getHref())
      }
      if (!(err instanceof ApiError && err.status === 401)) console.error(`[api] ${key}:`, err)
    },
  }
}

function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={useSwrOptions()}>{children}</SWRConfig>
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <BlueprintProvider>
      <JotaiProvider>
        <SwrProvider>{children}</SwrProvider>
      </JotaiProvider>
    </BlueprintProvider>
  )
}
