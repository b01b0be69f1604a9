/*
 * The language amounts and dates are written in. One per page: the modal sets it when the app's
 * locale is chosen (@latch/react), before anything is shown in that language; 'en-US' until then.
 */
let active = 'en-US'
// Made on first use (the first formatter a page creates loads locale data), one per decimals.
let numberFormats: Record<number, Intl.NumberFormat> = {}

export function setFormatLocale(locale: string): void {
  active = locale
  numberFormats = {}
}

export const formatLocale = (): string => active

/** A number formatter of the active locale showing at most `decimals` decimals. */
export const numberFormat = (decimals: number): Intl.NumberFormat =>
  (numberFormats[decimals] ??= new Intl.NumberFormat(active, { maximumFractionDigits: decimals }))

/** A decimal string exactly as entered ('1234.5'), with the locale's decimal mark ('1234,5'). */
export function localDecimal(numeric: string): string {
  const mark = numberFormat(1)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value
  return mark ? numeric.replace('.', mark) : numeric
}
