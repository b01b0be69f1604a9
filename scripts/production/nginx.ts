/**
 * The reverse proxy of the production recipe (docs/deployment.md#the-tested-topology): Debian's
 * nginx in front of the API servers. Like the browser of the e2e tests (scripts/stack/browser.ts),
 * it is never downloaded: the distribution's package is installed when the machine allows it
 * (root, or sudo without a password), and otherwise the one command to run is said instead.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { probeMachine } from '../stack/browser.js'

export const DEFAULT_NGINX = '/usr/sbin/nginx'

export interface NginxMachine {
  /** NGINX_PATH, when set. */
  nginxPath?: string | undefined
  exists(path: string): boolean
  isRoot: boolean
  passwordlessSudo(): boolean
  hasAptGet: boolean
  debianLike: boolean
}

export type NginxPlan =
  | { kind: 'found'; path: string }
  | { kind: 'install'; path: string; commands: string[][] }
  | { kind: 'instruct'; message: string }

export function planNginx(machine: NginxMachine): NginxPlan {
  const candidates = [machine.nginxPath, DEFAULT_NGINX].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  )
  const found = candidates.find((p) => machine.exists(p))
  if (found) return { kind: 'found', path: found }
  const where = candidates.join(' or ')
  if (!machine.debianLike || !machine.hasAptGet)
    return {
      kind: 'instruct',
      message: `nginx not found at ${where}: install nginx with your system's package manager and set NGINX_PATH to its binary.`,
    }
  const prefix = machine.isRoot ? [] : machine.passwordlessSudo() ? ['sudo', '-n'] : undefined
  if (!prefix)
    return {
      kind: 'instruct',
      message: `nginx not found at ${where}: run \`sudo apt-get install -y nginx-light\`.`,
    }
  const apt = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get']
  return {
    kind: 'install',
    path: DEFAULT_NGINX,
    commands: [
      [...apt, 'update', '-qq'],
      [...apt, 'install', '-y', '-qq', 'nginx-light'],
    ],
  }
}

export function probeNginxMachine(env: NodeJS.ProcessEnv = process.env): NginxMachine {
  const { exists, isRoot, passwordlessSudo, hasAptGet, debianLike } = probeMachine(env)
  return { nginxPath: env.NGINX_PATH, exists, isRoot, passwordlessSudo, hasAptGet, debianLike }
}

/** Finds or installs nginx, printing each command run; else the one line saying why not. */
export function ensureNginx(
  machine: NginxMachine = probeNginxMachine(),
  log: (line: string) => void = console.log,
  run: (command: string, args: string[]) => number | null = (command, args) =>
    spawnSync(command, args, { stdio: 'inherit' }).status,
): { ok: true; path: string } | { ok: false; message: string } {
  const plan = planNginx(machine)
  if (plan.kind === 'found') return { ok: true, path: plan.path }
  if (plan.kind === 'instruct') return { ok: false, message: plan.message }
  log('nginx not found; installing the system package:')
  for (const [command, ...args] of plan.commands as [string, ...string[]][]) {
    log(`$ ${[command, ...args].join(' ')}`)
    const status = run(command, args)
    if (status !== 0)
      return {
        ok: false,
        message: `\`${[command, ...args].join(' ')}\` failed (exit ${status ?? 'signal'}); install nginx yourself or set NGINX_PATH.`,
      }
  }
  if (!machine.exists(plan.path))
    return { ok: false, message: `apt-get installed nginx but ${plan.path} is missing.` }
  return { ok: true, path: plan.path }
}

export interface ProxySites {
  /** `host:port` of every API server. */
  upstreams: string[]
  /** Where the API is served (`127.0.0.1:8080`; in production `443 ssl` and a server_name). */
  apiListen: string
  /** Where the secure frame is served: its own port (or host name), never the API's. */
  frameListen: string
}

/**
 * The `http {}` part of the recipe: one upstream with every API server, the API on one listener
 * and the frame on another, both proxied to the same servers (the server hosts the frame on the
 * frame's host, LATCH_FRAME_DIR). A connection refused or reset, or a timeout, is retried once
 * on the next server; only the JSON-RPC proxy (`POST /v1/`) is retried although it is a POST, as
 * its calls are reads or signed transactions a node accepts once (docs/deployment.md).
 */
export function proxySites({ upstreams, apiListen, frameListen }: ProxySites): string {
  const servers = upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')
  return `  upstream latch_api {
${servers}
    keepalive 16;
  }
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_connect_timeout 2s;
  proxy_next_upstream error timeout;
  proxy_next_upstream_tries 2;

  server {
    listen ${apiListen};
    location / {
      proxy_pass http://latch_api;
    }
    location = /v1/ {
      proxy_pass http://latch_api;
      proxy_next_upstream error timeout non_idempotent;
    }
  }
  server {
    listen ${frameListen};
    location / {
      proxy_pass http://latch_api;
    }
  }
`
}

/**
 * `timings.log`'s format (nginxConfig's `timings`): the time nginx saw for the whole request,
 * the upstream's connect, first-byte and whole-answer times, and the count of requests on the
 * client connection and whether the upstream connection was reused (`r`) or opened (`.`) —
 * what a benchmark compares with its own latency reading.
 */
export const TIMINGS_FORMAT =
  '$request_time $upstream_connect_time $upstream_header_time $upstream_response_time $connection_requests $status'

/**
 * A whole configuration for an unprivileged, foreground nginx kept in `dir`: every path nginx
 * writes (pid, temp files, logs) is under it, so nothing in /etc or /var is touched. `timings`
 * adds `dir/timings.log` in {@link TIMINGS_FORMAT}; `keepaliveRequests` raises how many requests
 * one client connection may make before nginx closes it (1,000 by default).
 */
export function nginxConfig(
  dir: string,
  sites: ProxySites,
  options: { timings?: boolean; keepaliveRequests?: number } = {},
): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${dir}/${name}_temp;`)
    .join('\n')
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events {
  worker_connections 256;
}
http {
  log_format latch '$msec $request_method $uri $status $upstream_addr $request_time';
  access_log ${dir}/access.log latch;
${options.keepaliveRequests ? `  keepalive_requests ${options.keepaliveRequests};\n` : ''}${options.timings ? `  log_format timings '${TIMINGS_FORMAT}';\n  access_log ${dir}/timings.log timings;\n` : ''}${temp}
${proxySites(sites)}}
`
}

export interface AccessLine {
  /** ms since the epoch when the request ended. */
  at: number
  method: string
  uri: string
  status: number
  /** Every server nginx tried, in order; the last one answered. */
  upstreams: string[]
}

/** One line of `log_format latch` (nginxConfig). */
export function parseAccessLine(line: string): AccessLine {
  const [msec = '0', method = '', uri = '', status = '0', ...rest] = line.split(' ')
  return {
    at: Number(msec) * 1000,
    method,
    uri,
    status: Number(status),
    upstreams: rest.slice(0, -1).join(' ').split(', '),
  }
}

export interface NginxProcess {
  child: ChildProcess
  stderr(): string
  exited: Promise<number | NodeJS.Signals>
}

/** Starts nginx in the foreground on the configuration file `dir/nginx.conf`. */
export function startNginx(binary: string, dir: string): NginxProcess {
  if (!existsSync(`${dir}/nginx.conf`)) throw new Error(`no nginx.conf in ${dir}`)
  const child = spawn(binary, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let err = ''
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? code ?? 0))
  })
  return { child, stderr: () => err, exited }
}
