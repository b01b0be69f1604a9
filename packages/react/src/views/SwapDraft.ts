import { useCallback, useEffect, useSyncExternalStore } from 'react'

export type SwapStep =
  | { kind: 'idle' }
  | { kind: 'approving' }
  | { kind: 'swapping' }
  | { kind: 'done'; amount: string; symbol: string }
  | { kind: 'failed'; reason: string }

/** The Swap form and its progress, for one account on one network. */
export interface SwapDraft {
  key: string
  fromId: string
  toId: string
  amount: string
  slippage: string
  step: SwapStep
}

const fresh = (key: string): SwapDraft => ({
  key,
  fromId: '',
  toId: '',
  amount: '',
  slippage: '1',
  step: { kind: 'idle' },
})

/**
 * Kept outside the view: an embedded wallet's approval replaces the view in the modal while the
 * user decides, and the view mounted again afterwards must show the same form and the swap's
 * outcome, which arrives while it was away.
 */
let draft = fresh('')
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Updates the draft of `key` only: an answer for another account or network is dropped. */
export function updateSwapDraft(key: string, patch: Partial<Omit<SwapDraft, 'key'>>): void {
  draft = draft.key === key ? { ...draft, ...patch } : { ...fresh(key), ...patch }
  for (const listener of listeners) listener()
}

/** The draft as it is now (not as a render saw it), for answers that arrive later. */
export const readSwapDraft = (key: string): SwapDraft => (draft.key === key ? draft : fresh(key))

export function useSwapDraft(key: string) {
  const current = useSyncExternalStore(
    subscribe,
    () => draft,
    () => draft,
  )
  // Another account or network starts from an empty form.
  useEffect(() => {
    if (draft.key !== key) updateSwapDraft(key, {})
  }, [key])
  const update = useCallback(
    (patch: Partial<Omit<SwapDraft, 'key'>>) => updateSwapDraft(key, patch),
    [key],
  )
  return { draft: current.key === key ? current : fresh(key), update }
}
