import { BlueprintProvider } from '@blueprintjs/core'
import { Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'
import { ApiError, fetcher, logFailure } from '../lib/api-client.js'

/** A 401 re-checks the session in the api client itself (reads, writes and uploads), so the auth guard can react. */
function useSwrOptions(): SWRConfiguration {
  return {
    fetcher,
    revalidateOnFocus: false,
    shouldRetryOnError: (err: unknown) => !(err instanceof ApiError && err.status < 500 && err.status > 0),
    onError: (err: unknown, key: string) => {
      if (!(err instanceof ApiError && err.status === 401)) logFailure(key, err)
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
