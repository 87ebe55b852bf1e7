/**
 * What a V8 CPU profile spent its time on: self time per function and per module (an npm package,
 * a Node internal, or a file of the portal), the top ones with their share of the busy time (idle
 * left out). Reads the `.cpuprofile` files `node --cpu-prof` writes, e.g. the gateway bench's
 * (BENCH_CPU_PROF=<dir> tsx scripts/bench/gateway.ts); a directory sums all of its profiles (the
 * primary's and each worker's).
 * Usage: tsx scripts/bench/cpu-profile.ts <file.cpuprofile | dir>...
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const TOP = Number(process.env.TOP ?? 15)

interface ProfileNode {
  id: number
  children?: number[]
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** The package of a node_modules path, the area of a Node internal, the portal's file, or V8's own bucket. */
function moduleOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName ? `(${functionName.replace(/^\(|\)$/g, '')})` : '(native)'
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (dependency) return dependency[1]
  const internal = /^node:(?:internal\/)?([^/]+(?:\/[^/.]+)?)/.exec(url)
  if (internal) return `node:${internal[1]}`
  const own = /\/(dist\/.+|server\/.+|shared\/.+|scripts\/.+)$/.exec(url)
  return own ? own[1] : url
}

/**
 * The gateway's stages: what a proxied call costs, in the words of BENCHMARKS.md. A sample in a
 * write to a socket or file is its own stage (the system call, the kernel's loopback TCP below it,
 * and, on a busy machine, the wait for a core after it woke the reader); any other is charged to
 * the package or portal file nearest up its stack (`caller` below). The first match wins.
 */
const WRITES: [string, RegExp] = [
  'writes to sockets and files: the system calls',
  /^\((writev|writeLatin1String|writeUtf8String|writeBuffer|writeString)\)$/,
]
const START_UP = 'start-up: loading modules'
const STAGES: [string, RegExp][] = [
  ['session: cookie decrypt and check', /secure-session|sodium|plugins\/session|^cookie$|revocations|session-/],
  ['allowlist', /gateway\/allowlist/],
  ['proxy: undici (its llhttp too), the upstream call', /undici|^wasm:|upstream-|plugins\/proxy/],
  ['audit line and its chain hash: pino, sonic-boom', /audit|pino|sonic-boom/],
  ['metrics: prom-client', /prom-client|metrics/],
  ['fastify: routing, hooks, the reply', /fastify|find-my-way|avvio|header-allowlists|gateway\/app/],
  [START_UP, /^node:modules|^node:bootstrap|^\(internalModule/],
  ['garbage collector', /^\(garbage collector\)$/],
]
const stageOf = (module: string, caller: string) =>
  WRITES[1].test(module) ? WRITES[0] : (STAGES.find(([, pattern]) => pattern.test(caller))?.[0] ?? 'other')

/** Node internals and V8's buckets (native calls, GC), which the code up the stack asked for. */
const isRuntime = (module: string) => module.startsWith('node:') || module.startsWith('(')

function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node] as const)))
  /** the package or portal file nearest up the stack: a socket write is charged to undici or to fastify's reply */
  const caller = (node: ProfileNode) => {
    for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) {
      if (!isRuntime(moduleOf(at.callFrame))) return moduleOf(at.callFrame)
    }
    return moduleOf(node.callFrame)
  }
  const byFunction = new Map<string, number>()
  const byModule = new Map<string, number>()
  const byCaller = new Map<string, number>()
  const byStage = new Map<string, number>()
  let idle = 0
  let busy = 0
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!
    const { callFrame } = node
    const micros = profile.timeDeltas[i] ?? 0
    if (callFrame.functionName === '(idle)') {
      idle += micros
      return
    }
    busy += micros
    const module = moduleOf(callFrame)
    const name = `${callFrame.functionName || '(anonymous)'}  ${module}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
    byModule.set(module, (byModule.get(module) ?? 0) + micros)
    const charged = caller(node)
    byCaller.set(charged, (byCaller.get(charged) ?? 0) + micros)
    const stage = stageOf(module, charged)
    byStage.set(stage, (byStage.get(stage) ?? 0) + micros)
  })
  return { byFunction, byModule, byCaller, byStage, idle, busy }
}

function main() {
  const targets = process.argv.slice(2)
  if (targets.length === 0) throw new Error('usage: tsx scripts/bench/cpu-profile.ts <file.cpuprofile | dir>...')
  const files = targets.flatMap((target) =>
    statSync(target).isDirectory()
      ? readdirSync(target)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => join(target, f))
      : [target],
  )
  const byFunction = new Map<string, number>()
  const byModule = new Map<string, number>()
  const byCaller = new Map<string, number>()
  const byStage = new Map<string, number>()
  let idle = 0
  let busy = 0
  for (const file of files) {
    const times = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as Profile)
    for (const [k, v] of times.byFunction) byFunction.set(k, (byFunction.get(k) ?? 0) + v)
    for (const [k, v] of times.byModule) byModule.set(k, (byModule.get(k) ?? 0) + v)
    for (const [k, v] of times.byCaller) byCaller.set(k, (byCaller.get(k) ?? 0) + v)
    for (const [k, v] of times.byStage) byStage.set(k, (byStage.get(k) ?? 0) + v)
    idle += times.idle
    busy += times.busy
  }
  console.log(`${files.length} profile(s): ${(busy / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`)
  const table = (title: string, times: Map<string, number>, total = busy) => {
    console.log(`\nself time by ${title} (share of the ${total === busy ? 'busy time' : "calls' busy time"})`)
    for (const [name, micros] of [...times].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`)
    }
  }
  table('module', byModule)
  table('function', byFunction)
  table('the package or portal file nearest up the stack (Node internals and native calls charged to it)', byCaller)
  // the calls' share leaves start-up out: a profile covers the whole process, its start included
  const startUp = byStage.get(START_UP) ?? 0
  byStage.delete(START_UP)
  console.log(`\nstart-up (loading modules) ${(startUp / 1000).toFixed(0)} ms, left out of the stages' shares`)
  table('stage of a gateway call', byStage, busy - startUp)
}

main()
