// @latch/core's root export: headless and React-free. Chain adapters live behind their own
// subpaths (`@latch/core/evm`, …) so an app bundles only the chains it enables.
export * from './format/index.js'
export * from './transactions/index.js'
