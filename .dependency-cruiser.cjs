/**
 * Import circles are forbidden in shipped sources (issue 31: "no import circles"): a circle makes
 * load order matter and keeps two modules from being understood, tested or tree-shaken apart.
 * Type-only imports count too — a type circle is still two modules that cannot be read alone.
 * Run by `npm test`'s lint step through scripts/lint/run.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Move what both modules need into a third, or pass it in (docs/adding-a-chain.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/|\\.(test|int\\.test|spec)\\.tsx?$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      conditionNames: ['latch-source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
}
