/** Comma-separated list settings, entries trimmed, empty ones dropped. */
export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** A positive integer setting, `fallback` when unset; a bad value is an issue. */
export function positiveSetting(
  env: Record<string, string | undefined>,
  issues: string[],
  name: string,
  fallback: number,
  max: number,
): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > max) {
    issues.push(`${name}: must be an integer from 1 to ${max}, got ${JSON.stringify(raw)}`)
    return fallback
  }
  return n
}
