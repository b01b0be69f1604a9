import { fullName, labelOf, NAME_MAX_LENGTH, nameProblem } from '@latch/core/wire'

/** How many free alternatives a taken name gets. */
export const SUGGESTION_COUNT = 4

/**
 * The label a person meant: lower-cased, the suffix dropped, anything but letters, digits and
 * hyphens turned into hyphens.
 */
export function cleanLabel(input: string, suffix: string): string {
  const lower = input.trim().toLowerCase()
  const label = labelOf(lower, suffix) ?? lower
  return label
    .replace(/[^a-z0-9-]+/gu, '-')
    .replace(/-{2,}/gu, '-')
    .replace(/^-|-$/gu, '')
    .slice(0, NAME_MAX_LENGTH)
}

/**
 * Names to try after the one asked for, in the order shown: numbered variants first (they keep
 * the label recognisable), then the year. Only names the rules allow.
 */
export function candidateNames(label: string, suffix: string, now: Date): string[] {
  const base = label.slice(0, NAME_MAX_LENGTH - 5)
  const labels = [
    label,
    ...Array.from({ length: 9 }, (_, i) => `${base}${i + 1}`),
    `${base}-${now.getUTCFullYear()}`,
  ]
  return [...new Set(labels)].filter((l) => !nameProblem(l)).map((l) => fullName(l, suffix))
}
