import { localDecimal } from '@latch/core'

// localDecimal swaps a number's '.' for the active locale's decimal mark: given '.' alone, it
// answers with the mark.
const decimalMark = () => localDecimal('.')

/**
 * What the amount field makes of the visitor's text, in the page's locale: the amount with a '.'
 * ('1234.5'), or undefined when the text is refused.
 *
 * The locale's decimal mark is the decimal mark: '0,5' in German, '0.5' in English. The other one
 * of '.' and ',' is the locale's thousands separator, or a decimal mark from another habit:
 * '1.000' is a thousand to a German reader and one to an English one. Read either way it would
 * send a thousand times more or less than someone meant, so it is refused, and `amountMarkHint`
 * says how to write the amount.
 */
export function readAmount(text: string): string | undefined {
  const mark = decimalMark()
  const trimmed = text.trim()
  if (trimmed.includes(mark === ',' ? '.' : ',')) return undefined
  return mark === '.' ? trimmed : trimmed.replaceAll(mark, '.')
}

/** The message for a refused amount, with the locale's mark and an example written with it. */
export const amountMarkHint = (template: string): string =>
  template.replace('{mark}', decimalMark()).replace('{example}', localDecimal('1234.5'))
