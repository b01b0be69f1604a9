/**
 * Typechecks each workspace named on the command line, two at a time (the machine has two cores).
 *
 * The check runs TypeScript 7's native compiler, a devDependency of this `scripts` workspace only:
 * it reports the same errors as 5.9 on this tree in about a quarter of the time (docs/benchmarks.md,
 * "Typecheck on TypeScript 7"). The root keeps 5.9 for editors and for tools that need the
 * compiler API, which 7 does not have yet (DESIGN.md §6). LATCH_TYPECHECK_TSC=5 runs the root's 5.9.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const workspaces = process.argv.slice(2)
if (workspaces.length === 0) {
  // Run bare it would check nothing and pass; `npm test` names every workspace.
  console.error('usage: tsx scripts/typecheck.ts <workspace>… (e.g. packages/core e2e)')
  process.exit(2)
}
const parallel = Number(process.env.LATCH_TYPECHECK_JOBS ?? 2)
let failed = 0

// Resolved from this file, so `scripts/node_modules/typescript` (7) answers, not the root's 5.9.
const resolveFrom = process.env.LATCH_TYPECHECK_TSC === '5' ? `${process.cwd()}/` : import.meta.url
const tsc = path.join(
  path.dirname(createRequire(resolveFrom).resolve('typescript/package.json')),
  'bin',
  'tsc',
)

function check(workspace: string): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(
      process.execPath,
      [tsc, '--noEmit', '--pretty', 'false', '-p', `${workspace}/tsconfig.json`],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (d) => {
      output += d
    })
    child.stderr.on('data', (d) => {
      output += d
    })
    // 'close': the compiler's output is read to the end before it is printed.
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const errors = output.split('\n').filter((line) => line.includes('error TS'))
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'}  ${workspace}  (${seconds} s)`)
      if (code !== 0) {
        failed++
        console.log(errors.length ? errors.join('\n') : output)
      }
      resolve()
    })
  })
}

const queue = [...workspaces]
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await check(next)
  }),
)
process.exit(failed ? 1 : 0)
