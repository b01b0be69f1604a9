import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { commands, runCli, version } from './cli.js'

function capture() {
  let text = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk
      done()
    },
  })
  return { stream, text: () => text }
}

async function run(...argv: string[]) {
  const stdout = capture()
  const stderr = capture()
  const code = await runCli(argv, { stdout: stdout.stream, stderr: stderr.stream })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

describe('latch-server --version', () => {
  test('prints the package version and exits 0', async () => {
    const { code, stdout } = await run('--version')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?\n$/)
    expect(stdout.trim()).toBe(version())
    expect((await run('-v')).stdout).toBe(stdout)
  })
})

describe('per-command --help', () => {
  test.each(Object.keys(commands))('%s --help prints its usage and runs nothing', async (name) => {
    // No database, no env: a command that started would fail or hang, not print its usage.
    const { code, stdout, stderr } = await run(name, '--help')
    expect(code).toBe(0)
    expect(stdout).toBe(commands[name]!.usage)
    expect(stdout).toContain(`latch-server ${name === 'serve' ? '[serve]' : name}`)
    expect(stderr).toBe('')
    expect((await run(name, '-h')).stdout).toBe(stdout)
    expect((await run('help', name)).stdout).toBe(stdout)
  })

  test('--help after other arguments still only prints the usage', async () => {
    const { code, stdout } = await run('project', 'create', '--name', 'x', '--help')
    expect(code).toBe(0)
    expect(stdout).toBe(commands.project!.usage)
  })

  test('the top-level help lists every command', async () => {
    const { code, stdout } = await run('--help')
    expect(code).toBe(0)
    for (const name of Object.keys(commands)) expect(stdout).toContain(`  ${name}`)
    expect(stdout).toContain('--version')
  })
})

describe('unknown arguments', () => {
  test.each([
    [['serve', '--port', '1'], 'latch-server serve: unknown option "--port"'],
    [['serve', 'now'], 'latch-server serve: unexpected argument "now"'],
    [['--verbose'], 'latch-server serve: unknown option "--verbose"'],
    [['migrate', '--force'], 'latch-server migrate: unknown option "--force"'],
    [['index', '--chain', '1'], 'latch-server index: unknown option "--chain"'],
    [['project', 'create', '--nmae', 'x'], 'latch-server project: unknown option "--nmae"'],
    [['project', 'delete'], 'latch-server project: unknown action "delete"'],
    [['project', 'list', 'extra'], 'latch-server project: unexpected argument "extra"'],
    [['catalogue', 'sync', '--key', 'k'], 'latch-server catalogue: unknown option "--key"'],
    [['catalogue'], 'latch-server catalogue: needs an action: sync'],
  ])('%j is refused with one line and exit code 2', async (argv, message) => {
    const { code, stdout, stderr } = await run(...argv)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `${message} (see latch-server ${argv[0]?.startsWith('-') ? 'serve' : argv[0]} --help)\n`,
    )
  })

  test('an unknown command is one line naming the real ones', async () => {
    const { code, stderr } = await run('frobnicate')
    expect(code).toBe(2)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain('Unknown command "frobnicate"')
    expect(stderr).toContain('serve, migrate')
    expect((await run('help', 'frobnicate')).code).toBe(2)
  })
})
