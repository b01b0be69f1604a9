import { formatQuantity } from '@latch/core'

/**
 * A balance as the send form's "Available" line shows it: at most `decimals` places (the spec's
 * quantity display), cut on the decimal string rather than rounded, so the line never offers more
 * than the account holds (0.9996 reads 0.999, not 1). The Max action still uses the exact value.
 */
export function formatAvailable(numeric: string, decimals = 3): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!match) return formatQuantity(numeric, decimals)
  const [, sign, whole, fraction = ''] = match
  const kept = fraction.slice(0, decimals).replace(/0+$/, '')
  const cut = `${sign}${whole || '0'}${kept ? `.${kept}` : ''}`
  // A dust balance cut to zero keeps formatQuantity's '<0.001' rather than reading as empty.
  return formatQuantity(Number(cut) === 0 ? numeric : cut, decimals)
}
