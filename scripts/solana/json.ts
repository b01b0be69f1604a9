/** JSON with u64 values as plain numbers at full precision, as a validator writes them. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    typeof v === 'bigint' ? `\u0000${v}\u0000` : v,
  ).replace(/"\\u0000(-?\d+)\\u0000"/g, '$1')
}
