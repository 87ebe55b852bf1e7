import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** `npm run audit:verify -- FILE…` as an auditor runs it: its output and exit code */
export async function auditVerify(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/gateway/audit-verify.ts', ...args])
    return { code: 0, out: stdout }
  } catch (err) {
    const failed = err as { code: number; stdout: string }
    return { code: failed.code, out: failed.stdout }
  }
}
