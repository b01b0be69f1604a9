// Store watchers; each returns the function that stops it. `createLatch`'s `mount()` starts them
// all (balance, history and names load on the first connection, sign-in only when configured);
// they are exported for a page that composes its own. Sign-in and names stay behind `mount()`,
// as their code stays behind `@latch/core/siwx` and `@latch/core/names`.
export { startLazily } from './startLazily.js'
export { watchBalances } from './watchBalances.js'
export { watchConnected } from './watchConnected.js'
export { watchHistoryReset } from './watchHistoryReset.js'
export { watchUnsupportedChain } from './watchUnsupportedChain.js'
