/** Runs a bench part's `main`: a failure printed with exit code 1, then its cleanups, the last first. */
export function runBench(main: () => Promise<void>, cleanups: (() => unknown)[] = []): void {
  main()
    .catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
    .finally(async () => {
      for (const cleanup of [...cleanups].reverse()) await cleanup()
    })
}
