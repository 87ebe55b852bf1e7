import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { markBuilt, needsBuild } from '../../scripts/build-freshness.mjs'
import { tempDir } from '../helper.js'

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds))

t.test('npm start builds only when dist/ is missing or older than a source', async (t) => {
  const root = tempDir(t, 'ccoe-root-')
  mkdirSync(join(root, 'web', 'src'), { recursive: true })
  mkdirSync(join(root, 'server'))
  mkdirSync(join(root, 'dist', 'server'), { recursive: true })
  const source = join(root, 'web', 'src', 'main.tsx')
  writeFileSync(source, 'render()')
  writeFileSync(join(root, 'server', 'main.ts'), 'listen()')
  const setTimes = (path: string, seconds: number) => utimesSync(path, at(seconds), at(seconds))
  for (const path of [source, join(root, 'web', 'src'), join(root, 'web'), join(root, 'server'), join(root, 'server', 'main.ts')])
    setTimes(path, 10)

  t.equal(needsBuild(root), true, 'never built')
  writeFileSync(join(root, 'dist', 'server', 'main.js'), 'listen()')
  markBuilt(root)
  setTimes(join(root, 'dist', '.build-stamp'), 20)
  t.equal(needsBuild(root), false, 'built after the last change: start at once')

  setTimes(source, 30)
  t.equal(needsBuild(root), true, 'a source changed since the build')
  setTimes(join(root, 'dist', '.build-stamp'), 40)
  t.equal(needsBuild(root), false)

  writeFileSync(join(root, 'server', 'new-module.ts'), 'export {}')
  setTimes(join(root, 'server', 'new-module.ts'), 50)
  t.equal(needsBuild(root), true, 'a new file counts as a change')
})
