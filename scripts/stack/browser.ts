/**
 * The end-to-end tests need a system Chromium (Latch never downloads a browser). On a fresh
 * Debian or Ubuntu machine `npm test` installs the distribution's package itself when it may
 * (root, or passwordless sudo); anywhere else it stops the e2e step with one line saying what
 * to run. The decision is pure (`planBrowser`) so it is tested without touching apt.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

/** What the plan needs to know about the machine; `probeMachine` reads the real one. */
export interface Machine {
  /** CHROMIUM_PATH, when set. */
  chromiumPath?: string | undefined
  exists(path: string): boolean
  isRoot: boolean
  /** `sudo -n true` succeeds: sudo without a password prompt. */
  passwordlessSudo(): boolean
  hasAptGet: boolean
  /** /etc/os-release names Debian or a derivative (Ubuntu). */
  debianLike: boolean
}

export type BrowserPlan =
  | { kind: 'found'; path: string }
  | { kind: 'install'; path: string; commands: string[][] }
  | { kind: 'instruct'; message: string }

export function planBrowser(machine: Machine): BrowserPlan {
  const candidates = [machine.chromiumPath, DEFAULT_CHROMIUM].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  )
  const found = candidates.find((p) => machine.exists(p))
  if (found) return { kind: 'found', path: found }

  const where = candidates.join(' or ')
  if (!machine.debianLike || !machine.hasAptGet) {
    return {
      kind: 'instruct',
      message: `Chromium not found at ${where}: install Chromium with your system's package manager and set CHROMIUM_PATH to its binary, then run npm test again.`,
    }
  }
  // Only the distribution's package is installed, so what it pulls in is what apt trusts.
  const prefix = machine.isRoot ? [] : machine.passwordlessSudo() ? ['sudo', '-n'] : undefined
  if (!prefix) {
    return {
      kind: 'instruct',
      message: `Chromium not found at ${where}: run \`sudo apt-get update && sudo apt-get install -y chromium\`, then npm test again.`,
    }
  }
  const apt = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get']
  return {
    kind: 'install',
    path: DEFAULT_CHROMIUM,
    commands: [
      [...apt, 'update', '-qq'],
      [...apt, 'install', '-y', '-qq', 'chromium'],
    ],
  }
}

export function probeMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : ''
  return {
    chromiumPath: env.CHROMIUM_PATH,
    exists: existsSync,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    passwordlessSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    hasAptGet: spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
    debianLike: isDebianLike(osRelease),
  }
}

/** Reads ID and ID_LIKE of an os-release file. */
export function isDebianLike(osRelease: string): boolean {
  const field = (name: string) =>
    new RegExp(`^${name}=["']?([^"'\\n]*)`, 'm').exec(osRelease)?.[1]?.split(/\s+/) ?? []
  return [...field('ID'), ...field('ID_LIKE')].some((id) => id === 'debian' || id === 'ubuntu')
}

/**
 * Finds or installs Chromium, printing each command it runs. Returns the browser's path, or
 * the one line explaining why there is none.
 */
export function ensureBrowser(
  machine: Machine = probeMachine(),
  log: (line: string) => void = console.log,
  run: (command: string, args: string[]) => number | null = (command, args) =>
    spawnSync(command, args, { stdio: 'inherit' }).status,
): { ok: true; path: string } | { ok: false; message: string } {
  const plan = planBrowser(machine)
  if (plan.kind === 'found') return { ok: true, path: plan.path }
  if (plan.kind === 'instruct') return { ok: false, message: plan.message }
  log('Chromium not found; installing the system package (Latch never downloads a browser):')
  for (const [command, ...args] of plan.commands as [string, ...string[]][]) {
    log(`$ ${[command, ...args].join(' ')}`)
    const status = run(command, args)
    if (status !== 0) {
      return {
        ok: false,
        message: `\`${[command, ...args].join(' ')}\` failed (exit ${status ?? 'signal'}); install Chromium yourself or set CHROMIUM_PATH.`,
      }
    }
  }
  if (!machine.exists(plan.path)) {
    return {
      ok: false,
      message: `apt-get installed chromium but ${plan.path} is missing; set CHROMIUM_PATH to the Chromium binary.`,
    }
  }
  return { ok: true, path: plan.path }
}
