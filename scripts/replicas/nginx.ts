/**
 * Debian's nginx as the replicas' load balancer on loopback: its binary (installed with apt-get when
 * missing and running as root), and deploy/replicas/nginx.conf, the compose file's, with this run's
 * ports and files: the script proves the very routing the compose file mounts.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** nginx's path, installing Debian's package first when it is missing; undefined if it cannot be had. */
export function nginxBinary(): string | undefined {
  const find = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
  if (find()) return find()
  if (process.getuid?.() !== 0) return undefined
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env }).status === 0
  // a machine whose package lists were never fetched knows no nginx until they are
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    install()
  }
  return find()
}

export interface Balancer {
  /** where nginx listens: the portal's one address */
  port: number
  /** the three replicas' ports, in place of 3001, 3002 and 3003 */
  gateways: number[]
  /** the IdP's port, in place of 3200 */
  idp: number
}

const TEMPLATE = new URL('../../deploy/replicas/nginx.conf', import.meta.url)

/** Writes the configuration into `dir` (nginx's own folder of the run); returns its path and the access log's. */
export function writeNginxConf(dir: string, balancer: Balancer): { conf: string; accessLog: string } {
  // nginx's workers run as an unprivileged user: their temporary files need a folder they may write
  // (chmod, not mkdir's mode, which the umask trims)
  const temp = join(dir, 'temp')
  mkdirSync(temp, { recursive: true })
  chmodSync(dir, 0o755)
  chmodSync(temp, 0o777)
  let conf = readFileSync(TEMPLATE, 'utf8')
  const replace = (from: string, to: string) => {
    // a template that no longer says this would leave the compose file's address in the run's nginx
    if (!conf.includes(from)) throw new Error(`deploy/replicas/nginx.conf no longer has "${from}"`)
    conf = conf.replace(from, to)
  }
  replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${balancer.port};`)
  balancer.gateways.forEach((port, i) => replace(`server 127.0.0.1:${3001 + i};`, `server 127.0.0.1:${port};`))
  replace('server 127.0.0.1:3200;', `server 127.0.0.1:${balancer.idp};`)
  replace('pid /tmp/nginx.pid;', `pid ${dir}/nginx.pid;`)
  // Node gives a child sockets for its stdio, which nginx cannot open as /dev/stdout: a file instead
  replace('access_log /dev/stdout replicas;', `access_log ${dir}/access.log replicas;`)
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${temp}/${kind};`)
  replace('http {\n', `http {\n  ${temps.join(' ')}\n`)
  const file = join(dir, 'nginx.conf')
  writeFileSync(file, conf)
  return { conf: file, accessLog: join(dir, 'access.log') }
}
