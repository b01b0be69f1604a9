import { afterAll, vi } from 'vitest'

// Set up for every DOM test file (vitest.config.ts, unit-dom). The modal's host fetches its lazy
// chunk 200 ms after mounting (ModalHost's idle prefetch); a test file that ends while that import
// is still loading saw its environment torn down under it ("Cannot load … after the environment
// was torn down", an unhandled error that failed the unit step once in a clean run). Each file
// waits for its started imports before its environment goes.
afterAll(async () => {
  await vi.dynamicImportSettled()
})
