import { numberFormat } from './locale.js'

/**
 * A human decimal string to at most 3 decimals (docs/behaviour.md#limits), in the page's format
 * locale (locale.ts). Amounts too small to show read '<0.001' rather than a misleading 0.
 */
export function formatQuantity(numeric: string, decimals = 3): string {
  const value = Number(numeric)
  if (!Number.isFinite(value)) return numeric
  const smallest = 10 ** -decimals
  if (value !== 0 && Math.abs(value) < smallest)
    return `${value < 0 ? '>-' : '<'}${numberFormat(decimals).format(smallest)}`
  return numberFormat(decimals).format(value)
}
