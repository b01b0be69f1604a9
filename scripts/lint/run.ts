/**
 * `npm run lint` and `npm test`'s lint step: biome (format and lint rules), the chain-family seam
 * (scripts/lint/namespaces.ts) and import circles (dependency-cruiser, .dependency-cruiser.cjs,
 * over the src folders of core, react, frame, the server and the web app; type-only imports
 * count). Every check runs even when one fails, so one run shows every problem.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const checks: Array<{ name: string; command: string[] }> = [
  { name: 'biome', command: ['npx', 'biome', 'ci', '--colors=off', '.'] },
  { name: 'namespaces', command: ['npx', 'tsx', 'scripts/lint/namespaces.ts'] },
  {
    name: 'import circles',
    command: [
      'npx',
      'depcruise',
      'packages/core/src',
      'packages/react/src',
      'packages/frame/src',
      'apps/server/src',
      'apps/web/src',
      '--output-type',
      'err',
    ],
  },
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
