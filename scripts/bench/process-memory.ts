/** What a process holds in memory, read from /proc (Linux): the figures the memory goals are about. */
import { readFileSync } from 'node:fs'

/** Resident set size in bytes. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`no VmRSS for ${pid}`)
  return Number(match[1]) * 1024
}

export const mb = (bytes: number) => Math.round(bytes / 1048576)

/** Samples each process's RSS every `everyMs` until stop(), which answers each one's peak. */
export function rssPeaks(pids: number[], everyMs = 100) {
  const peaks = new Map(pids.map((pid) => [pid, rssOf(pid)]))
  const sample = () => {
    for (const pid of pids) peaks.set(pid, Math.max(peaks.get(pid)!, rssOf(pid)))
  }
  const timer = setInterval(sample, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      sample()
      return peaks
    },
  }
}
