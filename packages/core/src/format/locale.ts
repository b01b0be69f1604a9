/*
 * The language amounts and dates are written in. One per page: the modal sets it when the app's
 * locale is chosen (@latch/react), before anything is shown in that language; 'en-US' until then.
 */
let active = 'en-US'
const numberFormats = new Map<string, Intl.NumberFormat>()

export function setFormatLocale(locale: string): void {
  active = locale
}

export const formatLocale = (): string => active

/** Made on first use (the first formatter a page creates loads locale data), kept per locale and decimals. */
export function numberFormat(decimals: number): Intl.NumberFormat {
  const key = `${active}/${decimals}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(active, { maximumFractionDigits: decimals })
    numberFormats.set(key, format)
  }
  return format
}

/** A decimal string exactly as entered ('1234.5'), with the locale's decimal mark ('1234,5'). */
export function localDecimal(numeric: string): string {
  const mark = numberFormat(1)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value
  return mark ? numeric.replace('.', mark) : numeric
}
