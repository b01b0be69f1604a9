/**
 * `npm run lint` and `npm test`'s lint step: biome (format and lint rules) and the chain-family
 * seam (scripts/lint/namespaces.ts). Every check runs even when one fails, so one run shows every
 * problem. Import circles (dependency-cruiser, .dependency-cruiser.cjs) join once the last ones
 * in packages/react are gone; `npx depcruise` over the workspaces' src folders lists them.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const checks: Array<{ name: string; command: string[] }> = [
  { name: 'biome', command: ['npx', 'biome', 'ci', '--colors=off', '.'] },
  { name: 'namespaces', command: ['npx', 'tsx', 'scripts/lint/namespaces.ts'] },
]

let failed = 0
for (const check of checks) {
  const [command, ...args] = check.command as [string, ...string[]]
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) {
    failed++
    console.log(`lint: ${check.name} failed`)
  }
}
process.exit(failed ? 1 : 0)
