import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import HeavyFirstSequencer from './scripts/testing/sequencer.js'

// Workspace sources are imported through the `latch-source` export condition,
// so tests run against TypeScript sources without a build step.
const conditions = ['latch-source', 'module', 'browser', 'development|production']
const ssrConditions = ['latch-source', 'module', 'node', 'development|production']

// Vitest's default is one worker fewer than the cores: on the 2-core CI machine the unit step ran
// on one worker, one file after another (its phase times added up to its wall time), and the other
// core waited. Two workers use the same CPU and both cores (docs/benchmarks.md#unit-and-
// integration-steps). Both unit projects run in one group, which needs one maxWorkers.
const unitWorkers = Math.max(2, availableParallelism())

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ssrConditions, externalConditions: ['latch-source'] } },
  test: {
    // On a fresh clone (no timings cached) the heaviest integration files start first.
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Files share their worker's module cache: importing viem, fastify and the rest once per
          // worker instead of once per file took the project from 254 s to 83 s on a loaded machine
          // (docs/benchmarks.md). A file that changes process state (TZ, fake timers) restores it.
          // The DOM project stays isolated: its frame tests install fake timers over jsdom's.
          isolate: false,
          maxWorkers: unitWorkers,
          include: ['{packages,apps,scripts}/**/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.int.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          // Lazy chunks a test started (the modal's prefetch) finish before its environment goes.
          setupFiles: ['scripts/testing/settleDynamicImports.ts'],
          maxWorkers: unitWorkers,
          include: ['{packages,apps}/**/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          // The WalletConnect SDK's ES build imports its storage package, which ships its ES
          // build in a `.js` file Node would read as CommonJS; transformed here, it loads as ESM.
          server: { deps: { inline: [/@walletconnect\//] } },
          include: ['{packages,apps,scripts}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As in the unit project: a worker imports fastify, viem and the app once, not once per
          // file (10 auth/provider files: 113 s -> 51 s, docs/benchmarks.md#integration-step-2026-11-27).
          // Files close what they open in afterAll; module caches are keyed by URL (ens, farcaster,
          // social discovery) and metrics registries are per app, so no state crosses files.
          isolate: false,
          // Each file starts its own anvil and database, and waits on child processes much of the
          // time: a third worker uses the core the other two leave idle (432 s -> 288 s, docs/benchmarks.md).
          maxWorkers: 3,
          // Its own group, after the unit projects: vitest runs projects with different
          // maxWorkers only in separate groups (so `--project unit --project integration` works).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
