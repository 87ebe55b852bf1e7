/**
 * `npm run bench` part: what a 50 MB upload costs the gateway's memory. The built gateway
 * (`node dist/server/main.js`, its own process) takes a 50 MB file as a script would send it
 * (multipart, bearer token) and forwards it base64-encoded to a trivial upstream in this process,
 * which reads the body, checks its length and answers. The gateway's RSS (/proc/<pid>/status) is
 * sampled every 10 ms: before (after a small warm-up upload), its peak during the upload, and after
 * the answer and a few idle seconds. Linux only (the RSS is read from /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../test/helper.js'
import { automationToken } from '../../test/lib/sign-in.js'
import { rssOf } from './process-memory.js'
import { waitFor } from './wait-for.js'
import { runBench } from './run-bench.js'

const FILE_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 50 * 1000 * 1000)
const SETTLE_MS = 3_000

async function main() {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: `npm run build` first')
  if (!existsSync('/proc/self/status')) {
    console.log('upload memory: skipped (no /proc to read the RSS from)')
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-bench-uploads-'))
  const children: ChildProcess[] = []
  // reads every byte and checks the announced length: the upload really reached the upstream
  const upstream = createServer((req, res) => {
    let bytes = 0
    req.on('data', (chunk: Buffer) => (bytes += chunk.length))
    req.on('end', () => {
      const whole = bytes === Number(req.headers['content-length'])
      res.writeHead(whole ? 200 : 400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ data: { received: bytes } }))
    })
  })
  try {
    const upstreamPort = await freePort()
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve))
    const gatewayPort = await freePort()
    const gateway = spawn(process.execPath, ['dist/server/main.js'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(gatewayPort),
        DATA_DIR: join(dir, 'data'),
        UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`,
        UPSTREAM_TOKEN: 'bench-upstream-token',
        BODY_LIMIT_BYTES: String(64 * 1024 * 1024),
        NODE_ENV: 'production',
      },
    })
    children.push(gateway)
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`
    await waitFor(`${gatewayUrl}/healthz`)
    // an upload writes: the client for scripts that write (ccoe-automation)
    const token = await automationToken(gatewayUrl)

    const upload = async (bytes: Buffer) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'bills.csv')
      const answer = await fetch(`${gatewayUrl}/api/upload/cloud_bills`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      const body = (await answer.json()) as { data?: { received?: number } }
      if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(body)}`)
      return body.data?.received ?? 0
    }

    await upload(randomBytes(64 * 1024))
    await new Promise((r) => setTimeout(r, SETTLE_MS))
    const pid = gateway.pid!
    const before = rssOf(pid)
    const file = randomBytes(FILE_BYTES)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10)
    const started = performance.now()
    const forwarded = await upload(file)
    const seconds = (performance.now() - started) / 1000
    peak = Math.max(peak, rssOf(pid))
    await new Promise((r) => setTimeout(r, SETTLE_MS))
    clearInterval(sampler)
    const after = rssOf(pid)
    // the base64 of the file, and the few bytes of JSON around it
    const base64 = 4 * Math.ceil(FILE_BYTES / 3)
    if (forwarded < base64 || forwarded > base64 + 200) {
      throw new Error(`the upstream got ${forwarded} bytes for a ${FILE_BYTES}-byte file`)
    }

    const mb = (n: number) => (n / 1024 / 1024).toFixed(1)
    console.log(`\na ${(FILE_BYTES / 1e6).toFixed(0)} MB upload through the gateway (its own process, base64 to a trivial upstream)`)
    console.log(`  gateway RSS before ${mb(before)} MiB, peak ${mb(peak)} MiB, ${SETTLE_MS / 1000} s after ${mb(after)} MiB`)
    console.log(
      `  growth at the peak ${mb(peak - before)} MiB (goal <= 32 MB; the file is ${mb(FILE_BYTES)} MiB, its base64 ${mb(forwarded)} MiB), ` +
        `left after ${mb(after - before)} MiB; ${(FILE_BYTES / 1e6 / seconds).toFixed(1)} MB/s`,
    )
  } finally {
    for (const child of children) child.kill('SIGTERM')
    upstream.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)
