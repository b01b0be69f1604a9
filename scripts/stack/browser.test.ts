import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CHROMIUM,
  ensureBrowser,
  isDebianLike,
  type Machine,
  planBrowser,
} from './browser.js'

const machine = (over: Partial<Machine> = {}): Machine => ({
  chromiumPath: undefined,
  exists: () => false,
  isRoot: false,
  passwordlessSudo: () => false,
  hasAptGet: true,
  debianLike: true,
  ...over,
})

describe('planBrowser', () => {
  it('uses CHROMIUM_PATH first, then the Debian path', () => {
    const present = new Set(['/opt/chrome/chrome', DEFAULT_CHROMIUM])
    const exists = (p: string) => present.has(p)
    expect(planBrowser(machine({ chromiumPath: '/opt/chrome/chrome', exists }))).toEqual({
      kind: 'found',
      path: '/opt/chrome/chrome',
    })
    expect(planBrowser(machine({ chromiumPath: '/missing', exists }))).toEqual({
      kind: 'found',
      path: DEFAULT_CHROMIUM,
    })
  })

  it('installs the chromium package with apt-get as root, without prompts', () => {
    const plan = planBrowser(machine({ isRoot: true }))
    expect(plan).toEqual({
      kind: 'install',
      path: DEFAULT_CHROMIUM,
      commands: [
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium'],
      ],
    })
  })

  it('goes through sudo -n when sudo needs no password', () => {
    const plan = planBrowser(machine({ passwordlessSudo: () => true }))
    expect(plan.kind).toBe('install')
    if (plan.kind !== 'install') return
    for (const command of plan.commands) expect(command.slice(0, 2)).toEqual(['sudo', '-n'])
  })

  it('never asks sudo when running as root', () => {
    let asked = false
    planBrowser(
      machine({
        isRoot: true,
        passwordlessSudo: () => {
          asked = true
          return true
        },
      }),
    )
    expect(asked).toBe(false)
  })

  it('tells the exact command when it may not install', () => {
    const plan = planBrowser(machine())
    expect(plan).toEqual({
      kind: 'instruct',
      message:
        'Chromium not found at /usr/bin/chromium: run `sudo apt-get update && sudo apt-get install -y chromium`, then npm test again.',
    })
  })

  it('does not try apt-get off Debian or without it', () => {
    for (const over of [{ debianLike: false }, { hasAptGet: false }]) {
      const plan = planBrowser(machine({ isRoot: true, ...over }))
      expect(plan.kind).toBe('instruct')
      if (plan.kind === 'instruct') {
        expect(plan.message).toContain('CHROMIUM_PATH')
        expect(plan.message).not.toContain('\n')
      }
    }
  })
})

describe('ensureBrowser', () => {
  it('runs the plan, printing each command, and checks the binary afterwards', () => {
    const installed = new Set<string>()
    const ran: string[] = []
    const lines: string[] = []
    const result = ensureBrowser(
      machine({ isRoot: true, exists: (p) => installed.has(p) }),
      (line) => lines.push(line),
      (command, args) => {
        ran.push([command, ...args].join(' '))
        if (args.includes('install')) installed.add(DEFAULT_CHROMIUM)
        return 0
      },
    )
    expect(result).toEqual({ ok: true, path: DEFAULT_CHROMIUM })
    expect(ran).toHaveLength(2)
    expect(lines.filter((l) => l.startsWith('$ '))).toEqual(ran.map((r) => `$ ${r}`))
  })

  it('stops at the first failing command with one line', () => {
    const ran: string[] = []
    const result = ensureBrowser(
      machine({ isRoot: true }),
      () => {},
      (command, args) => {
        ran.push([command, ...args].join(' '))
        return 100
      },
    )
    expect(ran).toHaveLength(1)
    expect(result).toMatchObject({ ok: false })
    if (!result.ok) expect(result.message).toMatch(/apt-get update -qq` failed \(exit 100\)/)
  })

  it('reports a package that did not provide the binary', () => {
    const result = ensureBrowser(
      machine({ isRoot: true }),
      () => {},
      () => 0,
    )
    expect(result).toMatchObject({ ok: false })
    if (!result.ok) expect(result.message).toContain('CHROMIUM_PATH')
  })
})

describe('isDebianLike', () => {
  it('reads ID and ID_LIKE', () => {
    expect(isDebianLike('PRETTY_NAME="Debian GNU/Linux 12"\nID=debian\n')).toBe(true)
    expect(isDebianLike('ID=ubuntu\nID_LIKE=debian\n')).toBe(true)
    expect(isDebianLike('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe(true)
    expect(isDebianLike('ID="fedora"\n')).toBe(false)
    expect(isDebianLike('')).toBe(false)
  })
})
