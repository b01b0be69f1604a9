import type { ChainStore, ChainStoreState } from '../stores/chain.js'

/**
 * Starts a watcher whose module loads on demand, so that a page that never needs it never
 * fetches it: at once, or (with `when`) once the chain state first satisfies `when.ready`.
 * Returns the function that stops it, whether or not it has loaded yet.
 */
export function startLazily<M>(
  load: () => Promise<M>,
  start: (module: M) => () => void,
  when?: { chain: ChainStore; ready: (state: ChainStoreState) => boolean },
): () => void {
  let stop: (() => void) | undefined
  let stopped = false
  let unsubscribe: (() => void) | undefined
  const begin = () => {
    unsubscribe?.()
    void load().then((module) => {
      if (!stopped) stop = start(module)
    })
  }
  if (!when || when.ready(when.chain.getState())) begin()
  else
    unsubscribe = when.chain.subscribe((state) => {
      if (when.ready(state)) begin()
    })
  return () => {
    stopped = true
    unsubscribe?.()
    stop?.()
  }
}
