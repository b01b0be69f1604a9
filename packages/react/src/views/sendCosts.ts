import { namespaceTraits, type SendCost, type SendEstimate } from '@latch/core'

/**
 * What a send costs beyond its fee, as the namespace's traits read the adapter's estimate (Solana:
 * the rent of a token account it opens); none without an estimate or traits that say so.
 */
export function sendCostsOf(
  namespace: string | undefined,
  estimate: SendEstimate | undefined,
): readonly SendCost[] {
  if (!estimate) return []
  return namespaceTraits(namespace)?.sendCosts?.(estimate.detail) ?? []
}

/** A cost's label in the send messages (`rent` → "New token account for the receiver"). */
export function costLabel(messages: object, cost: SendCost): string {
  const text = (messages as Record<string, unknown>)[cost.label]
  return typeof text === 'string' ? text : cost.label
}
