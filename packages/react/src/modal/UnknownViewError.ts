import { LatchError } from '@latch/core'

/**
 * A route no view draws: a bug in the app or in Latch, said in development rather than hidden.
 * A file of its own, so that a production build, where only dead code names it, drops it.
 */
export class UnknownViewError extends LatchError {
  override name = 'UnknownViewError'
  constructor(readonly view: string) {
    super(`The modal has no view named '${view}' (docs/behaviour.md#views)`)
  }
}
