/**
 * Integration files in an order that keeps both workers busy to the end on a fresh clone.
 * Vitest runs the longest files first when it has timings from an earlier run, and in glob order
 * when it has none, as on CI: then `scripts/start.int.test.ts` (80 s) starts last and runs alone.
 * The files known to be heaviest go first; every other file keeps vitest's own order.
 */
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Heaviest first (docs/benchmarks.md#integration-step-2026-11-27). */
export const HEAVY_FIRST = [
  'scripts/start.int.test.ts',
  'apps/server/src/cli.int.test.ts',
  'apps/server/src/pack.int.test.ts',
  'apps/server/src/http/rate-limit.int.test.ts',
  'apps/server/src/chains/eip155/crash.int.test.ts',
  'apps/server/src/chains/eip155/reorg.int.test.ts',
]

/** Moves the heavy files to the front of their project, each project's files staying together. */
export function heavyFirst<T>(
  files: T[],
  relativePath: (file: T) => string,
  project: (file: T) => string,
): T[] {
  const rank = (file: T) => {
    const index = HEAVY_FIRST.indexOf(relativePath(file))
    return index === -1 ? HEAVY_FIRST.length : index
  }
  const groups = new Map<string, T[]>()
  for (const file of files) {
    const group = groups.get(project(file)) ?? []
    group.push(file)
    groups.set(project(file), group)
  }
  // Array.prototype.sort is stable: files of equal rank keep vitest's order.
  return [...groups.values()].flatMap((group) => [...group].sort((a, b) => rank(a) - rank(b)))
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    return heavyFirst(
      await super.sort(files),
      (file) => path.relative(root, file.moduleId).split(path.sep).join('/'),
      (file) => file.project.name,
    )
  }
}
