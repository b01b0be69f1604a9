import type { ChainAdapter } from '../adapters/types.js'
import { ChainAdapterNotFoundError } from '../errors/errors.js'
import type { ErrorReporting } from '../errors/reporter.js'
import type { ChainNamespace } from '../networks/types.js'
import type { LatchStorage } from '../storage/storage.js'
import type { LatchStores } from '../stores/index.js'

/** What every action works on: one page's stores, adapters, storage and error reporting. */
export interface ControllerContext {
  stores: LatchStores
  adapters: Map<ChainNamespace, ChainAdapter>
  storage: LatchStorage
  errors: ErrorReporting
}

export function getAdapter(ctx: ControllerContext, namespace: ChainNamespace): ChainAdapter {
  const adapter = ctx.adapters.get(namespace)
  if (!adapter) throw ctx.errors.report(new ChainAdapterNotFoundError())
  return adapter
}

/** Resolves with the promise's value, or with undefined once `ms` have passed, whichever is first. */
export async function settleWithin<value>(
  promise: Promise<value>,
  ms: number,
): Promise<value | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
