// Made on first use: the first Intl formatter a page creates loads locale data (15–50 ms in
// Chromium), which at module load would delay the page's first paint (docs/benchmarks.md).
let threeDecimals: Intl.NumberFormat | undefined

/**
 * A human decimal string to at most 3 decimals (docs/behaviour.md#limits). Amounts too small to show
 * read '<0.001' rather than a misleading 0.
 */
export function formatQuantity(numeric: string, decimals = 3): string {
  const value = Number(numeric)
  if (!Number.isFinite(value)) return numeric
  const smallest = 10 ** -decimals
  if (value !== 0 && Math.abs(value) < smallest)
    return `${value < 0 ? '>-' : '<'}${smallest.toFixed(decimals)}`
  if (decimals !== 3)
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals }).format(value)
  threeDecimals ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })
  return threeDecimals.format(value)
}
